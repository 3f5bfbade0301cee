// The one translation unit that defines Boost.Test's main for a test executable.
#define BOOST_TEST_MODULE tidemark
#include <boost/test/unit_test.hpp>
