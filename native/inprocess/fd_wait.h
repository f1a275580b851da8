/* The wait for a separate program's next bytes (fd_wait.c), added to the addon's exports. */
#pragma once
#include <node_api.h>

/* Hidden: the addon is loaded RTLD_GLOBAL, where a program's own symbols must not meet it. */
__attribute__((visibility("hidden"))) napi_status fd_wait_define(napi_env env, napi_value exports);
