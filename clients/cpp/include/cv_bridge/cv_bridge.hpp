// cv_bridge (vision_opencv's cv_bridge, Jazzy): sensor_msgs' Image and CompressedImage as OpenCV's
// cv::Mat and back, with upstream's API and behaviour; rclsim's own, header-only so that every
// function is compiled with the program's flags (docs/cpp-packages.md, "OpenCV and cv_bridge").
#ifndef CV_BRIDGE__CV_BRIDGE_HPP_
#define CV_BRIDGE__CV_BRIDGE_HPP_

#include <memory>
#include <stdexcept>
#include <string>

#include <opencv2/core/core.hpp>
#include <opencv2/imgproc/imgproc.hpp>
#include <opencv2/imgproc/types_c.h>

#include "sensor_msgs/image_encodings.hpp"
#include "sensor_msgs/msg/compressed_image.hpp"
#include "sensor_msgs/msg/image.hpp"
#include "std_msgs/msg/header.hpp"

namespace cv_bridge
{

class Exception : public std::runtime_error
{
public:
  explicit Exception(const std::string & description)
  : std::runtime_error(description) {}
};

class CvImage;
using CvImagePtr = std::shared_ptr<CvImage>;
using CvImageConstPtr = std::shared_ptr<CvImage const>;

/// The formats toCompressedImageMsg encodes to (cv::imencode's file extensions).
typedef enum
{
  BMP, DIB,
  JPG, JPEG, JPE,
  JP2,
  PNG,
  PBM, PGM, PPM,
  SR, RAS,
  TIFF, TIF,
} Format;

/// An image as a header, an encoding ("mono8", "bgr8", "32FC1"…) and a cv::Mat.
class CvImage
{
public:
  std_msgs::msg::Header header;
  std::string encoding;
  cv::Mat image;

  CvImage() {}
  CvImage(const std_msgs::msg::Header & header, const std::string & encoding, const cv::Mat & image = cv::Mat())
  : header(header), encoding(encoding), image(image) {}

  /// A message holding a copy of the pixels (rows packed: step = cols * element size).
  sensor_msgs::msg::Image::SharedPtr toImageMsg() const;
  void toImageMsg(sensor_msgs::msg::Image & ros_image) const;
  /// The image encoded by cv::imencode (8-bit BGR/BGRA/mono and mono16 as they are, others converted to BGR8 or BGRA8).
  sensor_msgs::msg::CompressedImage::SharedPtr toCompressedImageMsg(const Format dst_format = JPG) const;
  void toCompressedImageMsg(sensor_msgs::msg::CompressedImage & ros_image, const Format dst_format = JPG) const;

  typedef std::shared_ptr<CvImage> Ptr;
  typedef std::shared_ptr<CvImage const> ConstPtr;

protected:
  /// What keeps a shared image's pixels alive (toCvShare's message).
  std::shared_ptr<void const> tracked_object_;

  friend CvImageConstPtr toCvShare(
    const sensor_msgs::msg::Image & source, const std::shared_ptr<void const> & tracked_object,
    const std::string & encoding);
};

/// A copy of the image, converted to `encoding` when it is given (color conversions; 8 <-> 16 bits scaled by 65535/255).
CvImagePtr toCvCopy(const sensor_msgs::msg::Image::ConstSharedPtr & source, const std::string & encoding = std::string());
CvImagePtr toCvCopy(const sensor_msgs::msg::CompressedImage::ConstSharedPtr & source, const std::string & encoding = std::string());
CvImagePtr toCvCopy(const sensor_msgs::msg::Image & source, const std::string & encoding = std::string());
CvImagePtr toCvCopy(const sensor_msgs::msg::CompressedImage & source, const std::string & encoding = std::string());

/// The message's pixels shared, read-only, when no conversion is needed (same encoding, host byte order); else a copy.
CvImageConstPtr toCvShare(const sensor_msgs::msg::Image::ConstSharedPtr & source, const std::string & encoding = std::string());
CvImageConstPtr toCvShare(
  const sensor_msgs::msg::Image & source, const std::shared_ptr<void const> & tracked_object,
  const std::string & encoding = std::string());

/// A copy of `source` in another encoding, by toCvCopy's rules.
CvImagePtr cvtColor(const CvImageConstPtr & source, const std::string & encoding);

struct CvtColorForDisplayOptions
{
  CvtColorForDisplayOptions()
  : do_dynamic_scaling(false), min_image_value(0.0), max_image_value(0.0), colormap(-1), bg_label(-1) {}
  bool do_dynamic_scaling;
  double min_image_value;
  double max_image_value;
  int colormap;
  int bg_label;
};

/// An 8-bit mono or color image for display: scaled (dynamically or between the options' bounds), colormapped, converted.
CvImageConstPtr cvtColorForDisplay(
  const CvImageConstPtr & source, const std::string & encoding = std::string(),
  const CvtColorForDisplayOptions options = CvtColorForDisplayOptions());

/// OpenCV's type of an encoding: "bgr8" -> CV_8UC3, "32FC1" -> CV_32FC1, "32FC10" -> CV_32FC10.
int getCvType(const std::string & encoding);

}  // namespace cv_bridge

#include "cv_bridge/impl/encodings.hpp"
#include "cv_bridge/impl/conversions.hpp"
#include "cv_bridge/impl/compressed.hpp"
#include "cv_bridge/impl/display.hpp"

#endif  // CV_BRIDGE__CV_BRIDGE_HPP_
