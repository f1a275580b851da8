// tf2_eigen/tf2_eigen.h: the header name of earlier releases (deprecated in Humble), which older
// packages still include.
#include "tf2_eigen/tf2_eigen.hpp"
