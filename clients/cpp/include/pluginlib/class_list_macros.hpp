// PLUGINLIB_EXPORT_CLASS(class_type, base_class_type) (pluginlib/class_list_macros.hpp):
// class_loader's registration of the class under its name as written, which the `type` of its
// plugin description must spell the same.
#ifndef PLUGINLIB__CLASS_LIST_MACROS_HPP_
#define PLUGINLIB__CLASS_LIST_MACROS_HPP_

#include "class_loader/class_loader.hpp"

#define PLUGINLIB_EXPORT_CLASS(class_type, base_class_type) CLASS_LOADER_REGISTER_CLASS(class_type, base_class_type)

#endif  // PLUGINLIB__CLASS_LIST_MACROS_HPP_
