#!/usr/bin/env bash
# Builds rclsim's ns-3 adapter (adapters/ns3/build/rclsim-ns3) and the error-curve printer the
# built-in model is calibrated with (adapters/ns3/build/ns3-error-curves) against Debian's
# libns3-dev (ns-3.37) and libprotobuf-dev. Debian's ns-3 pkg-config files are broken: the
# libraries are named here.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="$here/build"
mkdir -p "$out"
protoc --proto_path="$here/../../proto" --cpp_out="$out" "$here/../../proto/netsim.proto"
# ns-3's headers are included as ns3/…: /usr/include/ns3 on the include path would put its
# string.h before the C library's.
g++ -std=c++17 -O2 -o "$out/rclsim-ns3" \
  "$here/rclsim_ns3.cc" "$out/netsim.pb.cc" -I"$out" \
  -lns3-wifi -lns3-applications -lns3-internet -lns3-mobility -lns3-propagation -lns3-network -lns3-core \
  -lprotobuf -lpthread
g++ -std=c++17 -O2 -o "$out/ns3-error-curves" "$here/error_curves.cc" -lns3-wifi -lns3-core
echo "$out/rclsim-ns3"
