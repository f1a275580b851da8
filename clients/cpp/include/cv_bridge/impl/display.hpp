// cv_bridge's cvtColorForDisplay: any image as an 8-bit mono or color one to look at.
#ifndef CV_BRIDGE__IMPL__DISPLAY_HPP_
#define CV_BRIDGE__IMPL__DISPLAY_HPP_

#include <cmath>
#include <limits>
#include <memory>
#include <string>

#include "cv_bridge/rgb_colors.hpp"

namespace cv_bridge
{

inline CvImageConstPtr cvtColorForDisplay(
  const CvImageConstPtr & source, const std::string & encoding_out, const CvtColorForDisplayOptions options)
{
  namespace enc = sensor_msgs::image_encodings;
  if (!source) {
    throw Exception("cv_bridge.cvtColorForDisplay() called with empty image.");
  }
  std::string encoding = encoding_out;
  if (encoding.empty()) {
    // 8, 16 and 32-bit images (one channel or more) are shown as BGR8.
    try {
      const int bits = enc::bitDepth(source->encoding);
      if (bits != 8 && bits != 16 && bits != 32) {
        throw std::runtime_error("unsupported depth");
      }
      encoding = enc::BGR8;
    } catch (const std::runtime_error &) {
      throw Exception("cv_bridge.cvtColorForDisplay() output encoding is empty and cannot be guessed.");
    }
  } else if ((!enc::isColor(encoding) && !enc::isMono(encoding)) || enc::bitDepth(encoding) != 8) {
    throw Exception(
      "cv_bridge.cvtColorForDisplay() does not have an output encoding that is color or mono, and has is bit in depth");
  }
  if (encoding == enc::BGR8 && source->encoding == enc::TYPE_32SC1) {
    // A label image: each label in its named color (the background's black), truncated to 8 bits as upstream's.
    auto labels = std::make_shared<CvImage>();
    labels->header = source->header;
    labels->encoding = encoding;
    labels->image = cv::Mat(source->image.rows, source->image.cols, CV_8UC3);
    for (int row = 0; row < source->image.rows; ++row) {
      for (int col = 0; col < source->image.cols; ++col) {
        const int label = source->image.at<int>(row, col);
        cv::Vec3b & pixel = labels->image.at<cv::Vec3b>(row, col);
        if (label == options.bg_label) {
          pixel = cv::Vec3b(0, 0, 0);
          continue;
        }
        const cv::Vec3d rgb = rgb_colors::getRGBColor(label);
        pixel = cv::Vec3b(
          static_cast<uchar>(static_cast<int>(rgb[2] * 255)), static_cast<uchar>(static_cast<int>(rgb[1] * 255)),
          static_cast<uchar>(static_cast<int>(rgb[0] * 255)));
      }
    }
    return labels;
  }
  double min_value = options.min_image_value;
  double max_value = options.max_image_value;
  if (options.do_dynamic_scaling) {
    // The range of the finite values (infinities left out, as upstream's).
    const float inf = std::numeric_limits<float>::infinity();
    const cv::Mat finite = (source->image != inf) & (source->image != -inf);
    cv::minMaxLoc(source->image, &min_value, &max_value, nullptr, nullptr, finite);
    if (min_value == max_value) {
      auto flat = std::make_shared<CvImage>();
      flat->header = source->header;
      flat->encoding = encoding;
      flat->image = cv::Mat(source->image.size(), enc::numChannels(encoding) == 1 ? CV_8UC1 : CV_8UC3);
      flat->image.setTo(cv::Scalar::all(255.0 / 2.0));
      return flat;
    }
  }
  if (min_value != max_value) {
    if (enc::numChannels(source->encoding) != 1) {
      throw Exception("cv_bridge.cvtColorForDisplay() scaling for images with more than one channel is unsupported");
    }
    auto scaled = std::make_shared<CvImage>();
    scaled->header = source->header;
    const double factor = 255.0 / (max_value - min_value);
    if (options.colormap == -1) {
      scaled->encoding = enc::MONO8;
      cv::Mat(source->image - min_value).convertTo(scaled->image, CV_8UC1, factor);
    } else {
      scaled->encoding = enc::BGR8;
      cv::Mat(source->image - min_value).convertTo(scaled->image, CV_8UC3, factor);
      cv::applyColorMap(scaled->image, scaled->image, options.colormap);
      // NaN depths are black.
      if (source->encoding == enc::TYPE_32FC1) {
        for (int row = 0; row < source->image.rows; ++row) {
          for (int col = 0; col < source->image.cols; ++col) {
            if (std::isnan(source->image.at<float>(row, col))) {
              scaled->image.at<cv::Vec3b>(row, col) = cv::Vec3b(0, 0, 0);
            }
          }
        }
      }
    }
    return cvtColor(scaled, encoding);
  }
  // OpenCV's own type names for 1, 3 and 4 channels read as mono, BGR and BGRA.
  auto typed = std::make_shared<CvImage>(source->header, source->encoding, source->image);
  if (source->encoding == "CV_8UC1") {
    typed->encoding = enc::MONO8;
  } else if (source->encoding == "16UC1") {
    typed->encoding = enc::MONO16;
  } else if (source->encoding == "CV_8UC3") {
    typed->encoding = enc::BGR8;
  } else if (source->encoding == "CV_8UC4") {
    typed->encoding = enc::BGRA8;
  } else if (source->encoding == "CV_16UC3") {
    typed->encoding = enc::BGR16;
  } else if (source->encoding == "CV_16UC4") {
    typed->encoding = enc::BGRA16;
  }
  if (typed->encoding == encoding) {
    return source;
  }
  try {
    return cvtColor(typed, encoding);
  } catch (const Exception & e) {
    throw Exception(
      "cv_bridge.cvtColorForDisplay() while trying to convert image from '" + source->encoding + "' to '" + encoding +
      "' an exception was thrown (" + e.what() + ")");
  }
}

}  // namespace cv_bridge

#endif  // CV_BRIDGE__IMPL__DISPLAY_HPP_
