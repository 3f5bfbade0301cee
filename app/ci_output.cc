#include "app/ci_output.h"

#include <cstring>
#include <filesystem>
#include <map>

#include <fmt/format.h>

#include "engine/core/input_error_list.h"
#include "reports/campaign/github_annotations.h"
#include "sim/trace/output_file.h"

namespace tidemark::app {

void AddFormatOption(CLI::App* command, OutputFormat* format) {
  const std::map<std::string, OutputFormat> names{{"text", OutputFormat::kText},
                                                  {"github", OutputFormat::kGithub}};
  command
      ->add_option("--format", *format,
                   "text (default), or github: also print every failure as a GitHub Actions "
                   "annotation (::error file=F,line=L,col=C::...)")
      ->transform(CLI::CheckedTransformer(names, CLI::ignore_case));
}

sim::LintStrictness Strictness(bool warnings_as_errors) {
  return warnings_as_errors ? sim::LintStrictness::kWarningsFailToo
                            : sim::LintStrictness::kErrorsFail;
}

std::string LintAnnotation(const sim::LintFinding& f, bool warnings_as_errors) {
  return reports::GithubAnnotation(
      sim::IsFatal(f, Strictness(warnings_as_errors)) ? reports::AnnotationLevel::kError
                                                      : reports::AnnotationLevel::kWarning,
      f.where, fmt::format("{} [{}]\nwhy: {}\nfix: {}", f.message, f.rule, f.explanation, f.fix));
}

std::string InputErrorAnnotation(const engine::InputError& error, const std::string& file) {
  // One annotation per error of a list (engine/core/input_error_list.h).
  std::string out;
  for (const engine::InputError& one : engine::Flatten(error)) {
    engine::SourceLocation where = one.where();
    if (where.file.empty()) where = {file, 0, 0};
    std::string message = one.message();
    if (!one.hint().empty()) message += "\nhint: " + one.hint();
    out += reports::GithubAnnotation(reports::AnnotationLevel::kError, where, message);
  }
  return out;
}

void CreateParentFolders(const std::string& path) {
  namespace fs = std::filesystem;
  const fs::path parent = fs::path(path).parent_path();
  std::error_code error;
  if (!parent.empty()) fs::create_directories(parent, error);
  if (error) {
    throw engine::InputError({path, 0, 0}, fmt::format("cannot create the folder '{}': {}",
                                                       parent.string(), error.message()));
  }
}

void WriteOutputFile(const std::string& path, const std::string& content, bool append) {
  CreateParentFolders(path);
  if (append) {
    sim::AppendToOutputFile(path, content);
  } else {
    sim::WriteOutputFile(path, content);
  }
}

}  // namespace tidemark::app
