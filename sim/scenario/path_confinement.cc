#include "sim/scenario/path_confinement.h"

#include <filesystem>
#include <optional>

#include <fmt/format.h>

namespace tidemark::sim {

namespace fs = std::filesystem;

namespace {

// As many links as Linux follows in one lookup (MAXSYMLINKS); more is a loop.
constexpr int kMaxLinks = 40;

// `path` made absolute with every symbolic link among its components resolved,
// as weakly_canonical does, and dangling links followed too: creating the file
// (`check --update`) would follow them. `normal` folds `..` lexically first,
// as the loader does for the path it opens; inside a link's target `..` is
// taken after the link, as the system does. nullopt on a loop of links.
std::optional<fs::path> Resolved(const fs::path& path, bool normal, int& links) {
  std::error_code error;
  fs::path absolute = fs::absolute(path, error);
  if (error) return std::nullopt;
  if (normal) absolute = absolute.lexically_normal();
  fs::path out = absolute.root_path();
  for (const fs::path& part : absolute.relative_path()) {
    if (part.empty() || part == ".") continue;
    if (part == "..") {
      out = out.parent_path();
      continue;
    }
    fs::path next = out / part;
    if (fs::is_symlink(fs::symlink_status(next, error)) && !error) {
      if (++links > kMaxLinks) return std::nullopt;
      const fs::path target = fs::read_symlink(next, error);
      if (error) return std::nullopt;
      const std::optional<fs::path> inner =
          Resolved(target.is_absolute() ? target : out / target, false, links);
      if (!inner) return std::nullopt;
      next = *inner;
    }
    out = next;
  }
  return out;
}

// True when the components of `root` begin those of `path`.
bool StartsWith(const fs::path& path, const fs::path& root) {
  auto p = path.begin();
  for (const fs::path& part : root) {
    if (part.empty()) continue;  // a trailing '/'
    if (p == path.end() || *p != part) return false;
    ++p;
  }
  return true;
}

bool LexicallyInside(const fs::path& path, const fs::path& root) {
  std::error_code error;
  const fs::path p = fs::absolute(path, error).lexically_normal();
  const fs::path r = fs::absolute(root, error).lexically_normal();
  return !error && StartsWith(p, r);
}

std::string Hint(const std::string& root) {
  return fmt::format(
      "scenario paths stay inside '{}': give a path relative to the scenario within it, "
      "pass --root DIR for a folder that holds the file, or --allow-outside-root",
      root);
}

}  // namespace

bool LiesInside(const std::string& path, const std::string& root) {
  int links = 0;
  const std::optional<fs::path> p = Resolved(path, true, links);
  links = 0;
  const std::optional<fs::path> r = Resolved(root.empty() ? "." : root, true, links);
  return p && r && StartsWith(*p, *r);
}

std::string ResolveConfinedPath(const std::string& as_written, const std::string& folder,
                                const PathConfinement& rule, const engine::SourceLocation& where,
                                std::string_view field) {
  const fs::path path(as_written);
  // A NUL ends a path where the system reads it: "a\0b.csv" would open "a".
  if (as_written.find('\0') != std::string::npos) {
    throw engine::InputError(where, fmt::format("{} '{}' holds a NUL character", field, as_written),
                             "a file name cannot hold a NUL; remove the \\0 escape");
  }
  // No file system keeps a longer name (NAME_MAX): refused here, before the
  // file system's own error escapes from a call that does not expect it.
  for (const fs::path& part : path) {
    if (part.native().size() <= kMaxFileNameBytes) continue;
    throw engine::InputError(where,
                             fmt::format("{} '{}' has a name longer than {} bytes", field,
                                         as_written, kMaxFileNameBytes),
                             "shorten the file's name");
  }
  const std::string resolved =
      path.is_absolute() ? as_written : (fs::path(folder) / path).lexically_normal().string();
  if (rule.outside == OutsideRoot::kAllow) return resolved;
  const std::string root = !rule.root.empty() ? rule.root : folder.empty() ? "." : folder;
  if (path.is_absolute()) {
    throw engine::InputError(where, fmt::format("{} '{}' is an absolute path", field, as_written),
                             Hint(root));
  }
  if (LiesInside(resolved, root)) return resolved;
  const std::string how = LexicallyInside(resolved, root) ? " through a symbolic link" : "";
  throw engine::InputError(
      where, fmt::format("{} '{}' leads outside '{}'{}", field, as_written, root, how), Hint(root));
}

void CheckScenarioFileInRoot(const std::string& file, const PathConfinement& rule) {
  if (rule.outside == OutsideRoot::kAllow || LiesInside(file, rule.root)) return;
  const std::string how = LexicallyInside(file, rule.root) ? " through a symbolic link" : "";
  throw engine::InputError(
      {file, 0, 0},
      fmt::format("the scenario file leads outside '{}'{}; it was not read", rule.root, how),
      "check does not follow links out of the folder it searches: pass --root DIR for a folder "
      "that holds the target, or --allow-outside-root");
}

}  // namespace tidemark::sim
