// cv_bridge's conversions between sensor_msgs/CompressedImage and CvImage (cv::imencode, cv::imdecode).
#ifndef CV_BRIDGE__IMPL__COMPRESSED_HPP_
#define CV_BRIDGE__IMPL__COMPRESSED_HPP_

#include <memory>
#include <string>

#include <opencv2/imgcodecs.hpp>

namespace cv_bridge
{
namespace detail
{

/// The file extension cv::imencode takes for a format, which is also the message's `format`.
inline std::string extensionOf(Format format)
{
  switch (format) {
    case BMP: return "bmp";
    case DIB: return "dib";
    case JPG: return "jpg";
    case JPEG: return "jpeg";
    case JPE: return "jpe";
    case JP2: return "jp2";
    case PNG: return "png";
    case PBM: return "pbm";
    case PGM: return "pgm";
    case PPM: return "ppm";
    case SR: return "sr";
    case RAS: return "ras";
    case TIFF: return "tiff";
    case TIF: return "tif";
  }
  throw Exception("Unrecognized image format");
}

}  // namespace detail

inline sensor_msgs::msg::CompressedImage::SharedPtr CvImage::toCompressedImageMsg(const Format dst_format) const
{
  auto message = std::make_shared<sensor_msgs::msg::CompressedImage>();
  toCompressedImageMsg(*message, dst_format);
  return message;
}

inline void CvImage::toCompressedImageMsg(sensor_msgs::msg::CompressedImage & ros_image, const Format dst_format) const
{
  namespace enc = sensor_msgs::image_encodings;
  ros_image.header = header;
  cv::Mat pixels = image;
  // OpenCV's codecs take BGR(A) and mono: other encodings are converted first.
  if (encoding != enc::BGR8 && encoding != enc::BGRA8 && encoding != enc::MONO8 && encoding != enc::MONO16) {
    auto self = std::make_shared<CvImage>(*this);
    pixels = cvtColor(self, enc::hasAlpha(encoding) ? enc::BGRA8 : enc::BGR8)->image;
  }
  ros_image.format = detail::extensionOf(dst_format);
  cv::imencode("." + ros_image.format, pixels, ros_image.data);
}

inline CvImagePtr toCvCopy(const sensor_msgs::msg::CompressedImage::ConstSharedPtr & source, const std::string & encoding)
{
  return toCvCopy(*source, encoding);
}

inline CvImagePtr toCvCopy(const sensor_msgs::msg::CompressedImage & source, const std::string & encoding)
{
  namespace enc = sensor_msgs::image_encodings;
  const cv::Mat bytes(1, int(source.data.size()), CV_8UC1, const_cast<uchar *>(source.data.data()));
  // As the file has it: BGR, BGRA, mono, or 16-bit mono.
  const cv::Mat decoded = cv::imdecode(bytes, cv::IMREAD_UNCHANGED);
  if (encoding == enc::MONO16) {
    return detail::convertedCopy(decoded, source.header, enc::MONO16, encoding);
  }
  switch (decoded.channels()) {
    case 4: return detail::convertedCopy(decoded, source.header, enc::BGRA8, encoding);
    case 3: return detail::convertedCopy(decoded, source.header, enc::BGR8, encoding);
    case 1: return detail::convertedCopy(decoded, source.header, enc::MONO8, encoding);
    default: return CvImagePtr();
  }
}

}  // namespace cv_bridge

#endif  // CV_BRIDGE__IMPL__COMPRESSED_HPP_
