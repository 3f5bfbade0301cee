// What check and lint share for CI: the --format option (plain text, or
// GitHub workflow commands too), lint findings as text and as annotations,
// bad input as an annotation, and the output files (--junit, --summary) with
// their folders created.
#ifndef TIDEMARK_APP_CI_OUTPUT_H_
#define TIDEMARK_APP_CI_OUTPUT_H_

#include <string>

#include <CLI/CLI.hpp>

#include "engine/core/input_error.h"
#include "sim/lint/lint.h"

namespace tidemark::app {

enum class OutputFormat { kText, kGithub };

// --format text|github on `command`.
void AddFormatOption(CLI::App* command, OutputFormat* format);

// The findings that fail the command: errors always, warnings only with
// --warnings-as-errors.
sim::LintStrictness Strictness(bool warnings_as_errors);

// The GitHub annotation of a finding: ::error when it is fatal, else ::warning.
std::string LintAnnotation(const sim::LintFinding& finding, bool warnings_as_errors);

// The GitHub annotation of bad input, at its location (or at `file` when the
// error has none).
std::string InputErrorAnnotation(const engine::InputError& error, const std::string& file);

// Creates the folders `path` goes in; throws InputError with the system's
// reason when it cannot.
void CreateParentFolders(const std::string& path);

// Writes (or, with `append`, appends) `content` to `path`, creating its
// parent folders; a link at `path` is replaced, or refused when appending,
// never written through (sim/trace/output_file.h). Throws InputError with the
// system's reason when it cannot.
void WriteOutputFile(const std::string& path, const std::string& content, bool append = false);

}  // namespace tidemark::app

#endif  // TIDEMARK_APP_CI_OUTPUT_H_
