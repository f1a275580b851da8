// cv_bridge's conversions between sensor_msgs/Image and CvImage.
#ifndef CV_BRIDGE__IMPL__CONVERSIONS_HPP_
#define CV_BRIDGE__IMPL__CONVERSIONS_HPP_

#include <cstring>
#include <memory>
#include <string>
#include <vector>

namespace cv_bridge
{
namespace detail
{

/// Whether this machine stores numbers big-endian (a message says which order its pixels are in).
constexpr bool hostIsBigEndian = __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__;

/// The message's pixels as a cv::Mat over its data (no copy), or a copy with each sample's bytes
/// swapped when the message's byte order is not the host's.
inline cv::Mat matOf(const sensor_msgs::msg::Image & source)
{
  const int type = getCvType(source.encoding);
  const int byte_depth = enc::bitDepth(source.encoding) / 8;
  const int channels = enc::numChannels(source.encoding);
  if (source.step < source.width * byte_depth * channels) {
    throw Exception(
      "Image is wrongly formed: step < width * byte_depth * num_channels  or  " + std::to_string(source.step) +
      " != " + std::to_string(source.width) + " * " + std::to_string(byte_depth) + " * " + std::to_string(channels));
  }
  if (source.height * source.step != source.data.size()) {
    throw Exception(
      "Image is wrongly formed: height * step != size  or  " + std::to_string(source.height) + " * " +
      std::to_string(source.step) + " != " + std::to_string(source.data.size()));
  }
  auto * data = const_cast<uchar *>(source.data.data());
  if (byte_depth == 1 || bool(source.is_bigendian) == hostIsBigEndian) {
    return cv::Mat(source.height, source.width, type, data, source.step);
  }
  const cv::Mat bytes(source.height, source.width, CV_MAKETYPE(CV_8U, channels * byte_depth), data, source.step);
  cv::Mat swapped(source.height, source.width, bytes.type());
  std::vector<int> from_to;
  for (int c = 0; c < channels; ++c) {
    for (int b = 0; b < byte_depth; ++b) {
      from_to.push_back(c * byte_depth + b);
      from_to.push_back(c * byte_depth + byte_depth - 1 - b);
    }
  }
  cv::mixChannels(std::vector<cv::Mat>{bytes}, std::vector<cv::Mat>{swapped}, from_to);
  // The swapped bytes read as the encoding's type, over the same buffer.
  return cv::Mat(source.height, source.width, type, swapped.data, swapped.step).clone();
}

/// A new CvImage of `pixels` (in `from`) converted to `to` (none: a copy as it is).
inline CvImagePtr convertedCopy(
  const cv::Mat & pixels, const std_msgs::msg::Header & header, const std::string & from, const std::string & to)
{
  auto result = std::make_shared<CvImage>();
  result->header = header;
  if (to.empty() || to == from) {
    result->encoding = from;
    pixels.copyTo(result->image);
    return result;
  }
  cv::Mat current = pixels;
  for (const int step : conversionSteps(from, to)) {
    cv::Mat next;
    if (step == SAME_FORMAT) {
      const int from_bits = enc::bitDepth(from);
      const int to_bits = enc::bitDepth(to);
      const int type = CV_MAKETYPE(CV_MAT_DEPTH(getCvType(to)), current.channels());
      // 8 and 16 bits scale to each other's full range; other depths saturate (convertTo).
      const double scale = from_bits == 8 && to_bits == 16 ? 65535.0 / 255.0 : from_bits == 16 && to_bits == 8 ? 255.0 / 65535.0 : 1.0;
      current.convertTo(next, type, scale);
    } else {
      cv::cvtColor(current, next, step);
    }
    current = next;
  }
  result->image = current;
  result->encoding = to;
  return result;
}

}  // namespace detail

inline sensor_msgs::msg::Image::SharedPtr CvImage::toImageMsg() const
{
  auto message = std::make_shared<sensor_msgs::msg::Image>();
  toImageMsg(*message);
  return message;
}

inline void CvImage::toImageMsg(sensor_msgs::msg::Image & ros_image) const
{
  ros_image.header = header;
  ros_image.height = image.rows;
  ros_image.width = image.cols;
  ros_image.encoding = encoding;
  ros_image.is_bigendian = detail::hostIsBigEndian;
  ros_image.step = image.cols * image.elemSize();
  ros_image.data.resize(size_t(ros_image.step) * image.rows);
  // Row by row: a cv::Mat's rows may have gaps (a region of a larger image).
  for (int row = 0; row < image.rows; ++row) {
    std::memcpy(ros_image.data.data() + size_t(row) * ros_image.step, image.ptr(row), ros_image.step);
  }
}

inline CvImagePtr toCvCopy(const sensor_msgs::msg::Image::ConstSharedPtr & source, const std::string & encoding)
{
  return toCvCopy(*source, encoding);
}

inline CvImagePtr toCvCopy(const sensor_msgs::msg::Image & source, const std::string & encoding)
{
  return detail::convertedCopy(detail::matOf(source), source.header, source.encoding, encoding);
}

inline CvImageConstPtr toCvShare(const sensor_msgs::msg::Image::ConstSharedPtr & source, const std::string & encoding)
{
  return toCvShare(*source, source, encoding);
}

inline CvImageConstPtr toCvShare(
  const sensor_msgs::msg::Image & source, const std::shared_ptr<void const> & tracked_object, const std::string & encoding)
{
  if ((!encoding.empty() && source.encoding != encoding) || bool(source.is_bigendian) != detail::hostIsBigEndian) {
    return toCvCopy(source, encoding);
  }
  auto shared = std::make_shared<CvImage>();
  shared->header = source.header;
  shared->encoding = source.encoding;
  shared->tracked_object_ = tracked_object;
  shared->image = detail::matOf(source);
  return shared;
}

inline CvImagePtr cvtColor(const CvImageConstPtr & source, const std::string & encoding)
{
  return detail::convertedCopy(source->image, source->header, source->encoding, encoding);
}

}  // namespace cv_bridge

#endif  // CV_BRIDGE__IMPL__CONVERSIONS_HPP_
