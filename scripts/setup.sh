#!/usr/bin/env bash
# Installs everything xwdb needs to build, test and run its default job on Debian 12.
# Idempotent: packages already present are skipped, so a second run costs a few seconds.
set -euo pipefail

# What compiling xwdb, xwdbd and xwdb-client needs (the container's build
# stage installs only these: scripts/setup.sh --compile-only).
compile_packages=(
  cmake ninja-build g++ pkg-config
  librocksdb-dev
  libgrpc++-dev libgrpc-dev protobuf-compiler-grpc libprotobuf-dev protobuf-compiler
  libicu-dev libabsl-dev libcli11-dev libfmt-dev nlohmann-json3-dev libboost1.74-dev libssl-dev libcadical-dev
  libstemmer-dev libxxhash-dev
)
build_packages=(
  "${compile_packages[@]}"
  clang libclang-rt-14-dev git python3
  libgtest-dev libgmock-dev libbenchmark-dev
  # A client the project did not write, for the daemon's tests.
  python3-grpcio python3-grpc-tools python3-protobuf
  # Certificates for the daemon's TLS test.
  openssl
  # The web page's test: a real browser, driven headless.
  chromium chromium-driver python3-selenium fonts-dejavu-core
  # Its pure modules' tests (node --test).
  nodejs
)
# Sources of the default dictionary (words, scores, clues).
data_packages=(wamerican wamerican-huge wfrench scowl wordnet-base)

# The deployment files' test (systemd-analyze verify).
deploy_packages=(systemd python3-yaml)

case "${1:-}" in
  "") wanted=("${build_packages[@]}" "${data_packages[@]}" "${deploy_packages[@]}") ;;
  --compile-only) wanted=("${compile_packages[@]}") ;;
  *) echo "usage: scripts/setup.sh [--compile-only]" >&2; exit 2 ;;
esac
missing=()
for p in "${wanted[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q '^install ok installed$' || missing+=("$p")
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all ${#wanted[@]} packages present"
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "setup: missing packages: ${missing[*]}" >&2
  echo "setup: run this script as root (or install them with apt-get)" >&2
  exit 1
fi

export DEBIAN_FRONTEND=noninteractive
echo "setup: installing ${missing[*]}"
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}"
