#!/usr/bin/env bash
# tidemark's set-up and entry points, for a fresh Debian 12 machine or a
# developer's: installs the Debian packages that are missing, configures with
# CMake presets, builds, then runs.
#
#   ./dev.sh demo   build and run the flagship scenario, writing its report
#   ./dev.sh test   build and run the whole test suite (ci preset, then ASan+UBSan)
set -euo pipefail
cd "$(dirname "$0")"

PACKAGES=(cmake g++ ninja-build libboost-test-dev librapidcheck-dev libfmt-dev libcsv-dev
          libyaml-cpp-dev libcli11-dev nlohmann-json3-dev)
FLAGSHIP=scenarios/sensors/late-sensor-readings.yaml

install_missing_packages() {
  local missing=()
  for package in "${PACKAGES[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
      missing+=("$package")
    fi
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "== installing missing Debian packages: ${missing[*]}"
  local sudo=()
  [ "$(id -u)" -ne 0 ] && sudo=(sudo)
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends \
    "${missing[@]}" >/dev/null
}

build() {  # build PRESET [TARGET...]
  local preset=$1
  shift
  echo "== configuring and building ($preset)"
  cmake --preset "$preset" >/dev/null
  if [ $# -gt 0 ]; then
    cmake --build --preset "$preset" --target "$@"
  else
    cmake --build --preset "$preset"
  fi
}

case "${1:-}" in
  demo)
    install_missing_packages
    build dev tidemark
    echo "== tidemark run $FLAGSHIP --report build/demo-report"
    ./build/dev/app/tidemark run "$FLAGSHIP" --report build/demo-report
    echo "== report: build/demo-report/report.html (narrated: build/dev/app/tidemark explain $FLAGSHIP)"
    ;;
  test)
    # The browser check renders report.html; the tree must be formatted and
    # clang-tidy clean; junit.xml is parsed.
    PACKAGES+=(chromium clang-format clang-tidy libxml2-utils)
    install_missing_packages
    build ci
    ctest --preset ci
    build asan
    ctest --preset asan
    ;;
  *)
    echo "usage: ./dev.sh demo | test" >&2
    exit 2
    ;;
esac
