// sensor_msgs' fillImage and clearImage (Jazzy's sensor_msgs/fill_image.hpp).
#ifndef SENSOR_MSGS__FILL_IMAGE_HPP_
#define SENSOR_MSGS__FILL_IMAGE_HPP_

#include <cstdint>
#include <cstring>
#include <string>

#include "sensor_msgs/image_encodings.hpp"
#include "sensor_msgs/msg/image.hpp"

namespace sensor_msgs
{

/// Sets the image's shape and encoding and copies step * rows bytes of data_arg into it, as
/// little-endian (is_bigendian 0), as upstream's does whatever the machine.
static inline bool fillImage(msg::Image & image, const std::string & encoding_arg, uint32_t rows_arg, uint32_t cols_arg,
  uint32_t step_arg, const void * data_arg)
{
  image.encoding = encoding_arg;
  image.height = rows_arg;
  image.width = cols_arg;
  image.step = step_arg;
  const size_t bytes = static_cast<size_t>(step_arg * rows_arg);
  image.data.resize(bytes);
  if (bytes != 0) {
    std::memcpy(image.data.data(), data_arg, bytes);
  }
  image.is_bigendian = 0;
  return true;
}

/// Empties the image's data; its shape and encoding stay.
static inline void clearImage(msg::Image & image)
{
  image.data.resize(0);
}

}  // namespace sensor_msgs

#endif  // SENSOR_MSGS__FILL_IMAGE_HPP_
