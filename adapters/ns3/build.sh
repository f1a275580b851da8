#!/usr/bin/env bash
# Builds rclsim's ns-3 adapter (adapters/ns3/build/rclsim-ns3) and the error-curve printer the
# built-in model is calibrated with (adapters/ns3/build/ns3-error-curves) against Debian's
# libns3-dev (ns-3.37) and libprotobuf-dev. Debian's ns-3 pkg-config files are broken: the
# libraries are named here.
#
# Run at once by several callers (test files, two rclsim users), it builds once: one holds the
# lock and builds into a folder of its own, then renames the programs into place, so nothing ever
# starts a half-written one (the linker writes its output in place, executable only at the end);
# the others wait for the lock and find the programs up to date. Up to date means built from these
# very sources (their digest is kept beside the programs): it builds again when one changes.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="$here/build"
proto="$here/../../proto/netsim.proto"
mkdir -p "$out"
exec 9>"$out/.lock"
flock 9
sources="$(cat "$here/build.sh" "$here/rclsim_ns3.cc" "$here/error_curves.cc" "$proto" | sha256sum)"
if [[ -x "$out/rclsim-ns3" && -x "$out/ns3-error-curves" && "$(cat "$out/.sources" 2>/dev/null)" == "$sources" ]]; then
  echo "$out/rclsim-ns3"
  exit 0
fi
echo "adapters/ns3/build.sh: building rclsim-ns3 and ns3-error-curves" >&2
building="$(mktemp -d "$out/.building.XXXXXX")"
trap 'rm -rf "$building"' EXIT
protoc --proto_path="$(dirname "$proto")" --cpp_out="$building" "$proto"
# ns-3's headers are included as ns3/…: /usr/include/ns3 on the include path would put its
# string.h before the C library's.
g++ -std=c++17 -O2 -o "$building/rclsim-ns3" \
  "$here/rclsim_ns3.cc" "$building/netsim.pb.cc" -I"$building" \
  -lns3-wifi -lns3-applications -lns3-internet -lns3-mobility -lns3-propagation -lns3-network -lns3-core \
  -lprotobuf -lpthread
g++ -std=c++17 -O2 -o "$building/ns3-error-curves" "$here/error_curves.cc" -lns3-wifi -lns3-core
# A program running from the old file keeps it: a rename replaces the name, not the file.
rm -f "$out/.sources"
mv -f "$building/rclsim-ns3" "$building/ns3-error-curves" "$out/"
echo "$sources" >"$out/.sources"
echo "$out/rclsim-ns3"
