// Random records for the expression properties: a schema with two fields of
// every scalar type (one with a space in its name) and values that are null
// one time in five, small often and arbitrary otherwise.
#ifndef TIDEMARK_PROPERTY_TESTS_GEN_EXPRESSION_GEN_H_
#define TIDEMARK_PROPERTY_TESTS_GEN_EXPRESSION_GEN_H_

#include "engine/core/record.h"
#include "engine/core/schema.h"
#include "engine/core/value.h"

namespace tidemark::props {

const engine::Schema& FuzzSchema();
engine::Value RandomValue(engine::ValueType type);
engine::Record RandomRecord();  // one value per FuzzSchema field

}  // namespace tidemark::props

#endif  // TIDEMARK_PROPERTY_TESTS_GEN_EXPRESSION_GEN_H_
