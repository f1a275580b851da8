// sensor_msgs' image encodings (Jazzy's sensor_msgs/image_encodings.hpp): the encoding names an
// Image's `encoding` holds, and what each says of a pixel. OpenCV's generic names ("8UC3",
// "32FC1", any channel count) are read by cv_type_regex; any other unknown name throws.
#ifndef SENSOR_MSGS__IMAGE_ENCODINGS_HPP_
#define SENSOR_MSGS__IMAGE_ENCODINGS_HPP_

#include <cstdlib>
#include <initializer_list>
#include <regex>
#include <stdexcept>
#include <string>

namespace sensor_msgs
{
namespace image_encodings
{

const char RGB8[] = "rgb8";
const char RGBA8[] = "rgba8";
const char RGB16[] = "rgb16";
const char RGBA16[] = "rgba16";
const char BGR8[] = "bgr8";
const char BGRA8[] = "bgra8";
const char BGR16[] = "bgr16";
const char BGRA16[] = "bgra16";
const char MONO8[] = "mono8";
const char MONO16[] = "mono16";

const char TYPE_8UC1[] = "8UC1";
const char TYPE_8UC2[] = "8UC2";
const char TYPE_8UC3[] = "8UC3";
const char TYPE_8UC4[] = "8UC4";
const char TYPE_8SC1[] = "8SC1";
const char TYPE_8SC2[] = "8SC2";
const char TYPE_8SC3[] = "8SC3";
const char TYPE_8SC4[] = "8SC4";
const char TYPE_16UC1[] = "16UC1";
const char TYPE_16UC2[] = "16UC2";
const char TYPE_16UC3[] = "16UC3";
const char TYPE_16UC4[] = "16UC4";
const char TYPE_16SC1[] = "16SC1";
const char TYPE_16SC2[] = "16SC2";
const char TYPE_16SC3[] = "16SC3";
const char TYPE_16SC4[] = "16SC4";
const char TYPE_32SC1[] = "32SC1";
const char TYPE_32SC2[] = "32SC2";
const char TYPE_32SC3[] = "32SC3";
const char TYPE_32SC4[] = "32SC4";
const char TYPE_32FC1[] = "32FC1";
const char TYPE_32FC2[] = "32FC2";
const char TYPE_32FC3[] = "32FC3";
const char TYPE_32FC4[] = "32FC4";
const char TYPE_64FC1[] = "64FC1";
const char TYPE_64FC2[] = "64FC2";
const char TYPE_64FC3[] = "64FC3";
const char TYPE_64FC4[] = "64FC4";

const char BAYER_RGGB8[] = "bayer_rggb8";
const char BAYER_BGGR8[] = "bayer_bggr8";
const char BAYER_GBRG8[] = "bayer_gbrg8";
const char BAYER_GRBG8[] = "bayer_grbg8";
const char BAYER_RGGB16[] = "bayer_rggb16";
const char BAYER_BGGR16[] = "bayer_bggr16";
const char BAYER_GBRG16[] = "bayer_gbrg16";
const char BAYER_GRBG16[] = "bayer_grbg16";

const char UYVY[] = "uyvy";
const char YUV422[] = "yuv422";  // deprecated upstream: UYVY's old name
const char YUYV[] = "yuyv";
const char YUV422_YUY2[] = "yuv422_yuy2";  // deprecated upstream: YUYV's old name
const char NV21[] = "nv21";
const char NV24[] = "nv24";

// The prefixes of OpenCV's generic encodings, the channel count after them.
const char ABSTRACT_ENCODING_PREFIXES[][5] = {"8UC", "8SC", "16UC", "16SC", "32SC", "32FC", "64FC"};

// A generic encoding: bit depth, U/S/F, "C" and the channel count (none: 1).
const std::regex cv_type_regex("(8|16|32|64)(U|S|F)C([0-9]*)");

namespace detail
{

static inline bool isAnyOf(const std::string & encoding, std::initializer_list<const char *> names)
{
  for (const char * name : names) {
    if (encoding == name) {
      return true;
    }
  }
  return false;
}

static inline bool isYUV(const std::string & encoding)
{
  return isAnyOf(encoding, {YUV422, YUV422_YUY2, UYVY, YUYV, NV21, NV24});
}

}  // namespace detail

static inline bool isColor(const std::string & encoding)
{
  return detail::isAnyOf(encoding, {RGB8, BGR8, RGBA8, BGRA8, RGB16, BGR16, RGBA16, BGRA16}) || detail::isYUV(encoding);
}

static inline bool isMono(const std::string & encoding)
{
  return detail::isAnyOf(encoding, {MONO8, MONO16});
}

static inline bool isBayer(const std::string & encoding)
{
  return detail::isAnyOf(encoding,
    {BAYER_RGGB8, BAYER_BGGR8, BAYER_GBRG8, BAYER_GRBG8, BAYER_RGGB16, BAYER_BGGR16, BAYER_GBRG16, BAYER_GRBG16});
}

static inline bool hasAlpha(const std::string & encoding)
{
  return detail::isAnyOf(encoding, {RGBA8, BGRA8, RGBA16, BGRA16});
}

static inline int numChannels(const std::string & encoding)
{
  if (isMono(encoding) || isBayer(encoding)) {
    return 1;
  }
  if (hasAlpha(encoding)) {
    return 4;
  }
  if (isColor(encoding) && !detail::isYUV(encoding)) {
    return 3;
  }
  std::smatch generic;
  if (std::regex_match(encoding, generic, cv_type_regex)) {
    return generic[3].length() == 0 ? 1 : std::atoi(generic[3].str().c_str());
  }
  if (detail::isYUV(encoding)) {
    return 2;  // packed 4:2:2 and semi-planar: two values a pixel on average, as upstream counts them
  }
  throw std::runtime_error("Unknown encoding " + encoding);
}

static inline int bitDepth(const std::string & encoding)
{
  if (detail::isAnyOf(encoding, {MONO8, BGR8, RGB8, BGRA8, RGBA8, BAYER_RGGB8, BAYER_BGGR8, BAYER_GBRG8, BAYER_GRBG8})) {
    return 8;
  }
  if (detail::isAnyOf(encoding,
    {MONO16, BGR16, RGB16, BGRA16, RGBA16, BAYER_RGGB16, BAYER_BGGR16, BAYER_GBRG16, BAYER_GRBG16}))
  {
    return 16;
  }
  std::smatch generic;
  if (std::regex_match(encoding, generic, cv_type_regex)) {
    return std::atoi(generic[1].str().c_str());
  }
  if (detail::isYUV(encoding)) {
    return 8;
  }
  throw std::runtime_error("Unknown encoding " + encoding);
}

}  // namespace image_encodings
}  // namespace sensor_msgs

#endif  // SENSOR_MSGS__IMAGE_ENCODINGS_HPP_
