// `--root DIR` and `--allow-outside-root`: the folder tree that the files a
// scenario names must lie inside (sim/scenario/path_confinement.h), for every
// command that reads a scenario. Paths given on the command line itself
// (`--trace SOURCE=FILE`, `-o`) are the user's own and are not confined.
#ifndef TIDEMARK_APP_ROOT_OPTION_H_
#define TIDEMARK_APP_ROOT_OPTION_H_

#include <filesystem>
#include <string>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "engine/core/input_error.h"
#include "sim/scenario/path_confinement.h"

namespace tidemark::app {

struct RootFlags {
  std::string root;
  bool allow_outside = false;

  // The rule for a scenario; `default_root` stands in when --root is not
  // given (empty: each scenario's folder). Throws engine::InputError when the
  // --root given is not a folder.
  sim::PathConfinement Confinement(const std::string& default_root = "") const {
    std::error_code error;
    if (!root.empty() && !std::filesystem::is_directory(root, error)) {
      throw engine::InputError({"--root", 0, 0}, fmt::format("'{}' is not a folder", root),
                               "give the folder that holds the scenarios and their files");
    }
    return {.root = root.empty() ? default_root : root,
            .outside = allow_outside ? sim::OutsideRoot::kAllow : sim::OutsideRoot::kRefuse};
  }
};

inline void AddRootOptions(CLI::App* command, RootFlags* flags) {
  command->add_option("--root", flags->root,
                      "Traces and golden files must lie inside this folder (default: the "
                      "scenario's folder; for check, each folder searched)");
  command->add_flag("--allow-outside-root", flags->allow_outside,
                    "Let scenarios name files outside the root: absolute paths, '..' and links "
                    "that leave it");
}

}  // namespace tidemark::app

#endif  // TIDEMARK_APP_ROOT_OPTION_H_
