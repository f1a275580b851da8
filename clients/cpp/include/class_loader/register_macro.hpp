// CLASS_LOADER_REGISTER_CLASS(Derived, Base) (class_loader/register_macro.hpp): a static object
// whose constructor registers Derived under its name as written, when the library (or the
// program) holding it loads.
#ifndef CLASS_LOADER__REGISTER_MACRO_HPP_
#define CLASS_LOADER__REGISTER_MACRO_HPP_

#include "class_loader/class_loader_core.hpp"

#define CLASS_LOADER_REGISTER_CLASS_WITH_ID(Derived, Base, Id) \
  namespace \
  { \
  struct ClassLoaderProxyExec ## Id \
  { \
    ClassLoaderProxyExec ## Id() \
    { \
      ::class_loader::impl::registerPlugin<Derived, Base>(#Derived, #Base); \
    } \
  }; \
  static ClassLoaderProxyExec ## Id g_register_plugin_ ## Id; \
  }
#define CLASS_LOADER_REGISTER_CLASS_HOP(Derived, Base, Id) CLASS_LOADER_REGISTER_CLASS_WITH_ID(Derived, Base, Id)
#define CLASS_LOADER_REGISTER_CLASS(Derived, Base) CLASS_LOADER_REGISTER_CLASS_HOP(Derived, Base, __COUNTER__)

#endif  // CLASS_LOADER__REGISTER_MACRO_HPP_
