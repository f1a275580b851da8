/* The simulation's end of a separate program's shared-memory rings (shm_link.c), added to the addon's exports. */
#pragma once
#include <node_api.h>

/* Hidden: the addon is loaded RTLD_GLOBAL, where a program's own symbols must not meet it. */
__attribute__((visibility("hidden"))) napi_status shm_link_define(napi_env env, napi_value exports);
