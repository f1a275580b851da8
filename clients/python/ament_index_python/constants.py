"""Where the index lives below a prefix, and the variable that lists the prefixes."""

RESOURCE_INDEX_SUBFOLDER = "share/ament_index/resource_index"
AMENT_PREFIX_PATH_ENV_VAR = "AMENT_PREFIX_PATH"
