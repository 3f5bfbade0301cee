// GitHub Actions workflow commands: `::error file=F,line=L,col=C::message`
// lines that the runner turns into annotations on the file's line in the
// pull request. Escaping follows GitHub's rules for workflow commands
// (toolkit's command.ts): in the message '%', CR and LF become %25, %0D and
// %0A; property values also escape ':' and ',' (%3A, %2C).
#ifndef TIDEMARK_REPORTS_GITHUB_ANNOTATIONS_H_
#define TIDEMARK_REPORTS_GITHUB_ANNOTATIONS_H_

#include <string>
#include <string_view>

#include "engine/core/input_error.h"

namespace tidemark::reports {

enum class AnnotationLevel { kError, kWarning };

// The message part of a workflow command, escaped.
std::string EscapeGithubMessage(std::string_view text);
// A property value (file=, title=), escaped.
std::string EscapeGithubProperty(std::string_view text);

// One line, ending in '\n'. The parts of `where` that are unknown (empty
// file, line or column 0) are left out, as GitHub then annotates the run.
std::string GithubAnnotation(AnnotationLevel level, const engine::SourceLocation& where,
                             std::string_view message);

}  // namespace tidemark::reports

#endif  // TIDEMARK_REPORTS_GITHUB_ANNOTATIONS_H_
