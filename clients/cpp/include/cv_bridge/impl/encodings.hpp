// cv_bridge's encodings: OpenCV's type of each, and the cvtColor codes between two of them.
#ifndef CV_BRIDGE__IMPL__ENCODINGS_HPP_
#define CV_BRIDGE__IMPL__ENCODINGS_HPP_

#include <map>
#include <regex>
#include <string>
#include <utility>
#include <vector>

namespace cv_bridge
{
namespace detail
{

namespace enc = sensor_msgs::image_encodings;

/// Pixel layouts a conversion knows; INVALID is any other (OpenCV's generic types, "32FC1"…).
enum Layout { INVALID = -1, GRAY = 0, RGB, BGR, RGBA, BGRA, YUV422, YUV422_YUY2, BAYER_RGGB, BAYER_BGGR, BAYER_GBRG, BAYER_GRBG };

/// A step of a conversion that only changes the depth (cv::Mat::convertTo), not the channels.
constexpr int SAME_FORMAT = -1;

inline Layout layoutOf(const std::string & e)
{
  static const std::map<std::string, Layout> layouts = {
    {enc::MONO8, GRAY}, {enc::MONO16, GRAY}, {enc::BGR8, BGR}, {enc::BGR16, BGR}, {enc::RGB8, RGB}, {enc::RGB16, RGB},
    {enc::BGRA8, BGRA}, {enc::BGRA16, BGRA}, {enc::RGBA8, RGBA}, {enc::RGBA16, RGBA},
    {enc::YUV422, YUV422}, {enc::YUV422_YUY2, YUV422_YUY2},
    {enc::BAYER_RGGB8, BAYER_RGGB}, {enc::BAYER_RGGB16, BAYER_RGGB}, {enc::BAYER_BGGR8, BAYER_BGGR},
    {enc::BAYER_BGGR16, BAYER_BGGR}, {enc::BAYER_GBRG8, BAYER_GBRG}, {enc::BAYER_GBRG16, BAYER_GBRG},
    {enc::BAYER_GRBG8, BAYER_GRBG}, {enc::BAYER_GRBG16, BAYER_GRBG}};
  auto found = layouts.find(e);
  return found == layouts.end() ? INVALID : found->second;
}

/// cv::cvtColor's code from one layout to another (the Bayer names in OpenCV's are those of the second row).
inline const std::map<std::pair<Layout, Layout>, int> & colorCodes()
{
  static const std::map<std::pair<Layout, Layout>, int> codes = {
    {{GRAY, RGB}, cv::COLOR_GRAY2RGB}, {{GRAY, BGR}, cv::COLOR_GRAY2BGR}, {{GRAY, RGBA}, cv::COLOR_GRAY2RGBA},
    {{GRAY, BGRA}, cv::COLOR_GRAY2BGRA},
    {{RGB, GRAY}, cv::COLOR_RGB2GRAY}, {{RGB, BGR}, cv::COLOR_RGB2BGR}, {{RGB, RGBA}, cv::COLOR_RGB2RGBA},
    {{RGB, BGRA}, cv::COLOR_RGB2BGRA},
    {{BGR, GRAY}, cv::COLOR_BGR2GRAY}, {{BGR, RGB}, cv::COLOR_BGR2RGB}, {{BGR, RGBA}, cv::COLOR_BGR2RGBA},
    {{BGR, BGRA}, cv::COLOR_BGR2BGRA},
    {{RGBA, GRAY}, cv::COLOR_RGBA2GRAY}, {{RGBA, RGB}, cv::COLOR_RGBA2RGB}, {{RGBA, BGR}, cv::COLOR_RGBA2BGR},
    {{RGBA, BGRA}, cv::COLOR_RGBA2BGRA},
    {{BGRA, GRAY}, cv::COLOR_BGRA2GRAY}, {{BGRA, RGB}, cv::COLOR_BGRA2RGB}, {{BGRA, BGR}, cv::COLOR_BGRA2BGR},
    {{BGRA, RGBA}, cv::COLOR_BGRA2RGBA},
    {{YUV422, GRAY}, cv::COLOR_YUV2GRAY_UYVY}, {{YUV422, RGB}, cv::COLOR_YUV2RGB_UYVY},
    {{YUV422, BGR}, cv::COLOR_YUV2BGR_UYVY}, {{YUV422, RGBA}, cv::COLOR_YUV2RGBA_UYVY},
    {{YUV422, BGRA}, cv::COLOR_YUV2BGRA_UYVY},
    {{YUV422_YUY2, GRAY}, cv::COLOR_YUV2GRAY_YUY2}, {{YUV422_YUY2, RGB}, cv::COLOR_YUV2RGB_YUY2},
    {{YUV422_YUY2, BGR}, cv::COLOR_YUV2BGR_YUY2}, {{YUV422_YUY2, RGBA}, cv::COLOR_YUV2RGBA_YUY2},
    {{YUV422_YUY2, BGRA}, cv::COLOR_YUV2BGRA_YUY2},
    {{BAYER_RGGB, GRAY}, cv::COLOR_BayerBG2GRAY}, {{BAYER_RGGB, RGB}, cv::COLOR_BayerBG2RGB},
    {{BAYER_RGGB, BGR}, cv::COLOR_BayerBG2BGR},
    {{BAYER_BGGR, GRAY}, cv::COLOR_BayerRG2GRAY}, {{BAYER_BGGR, RGB}, cv::COLOR_BayerRG2RGB},
    {{BAYER_BGGR, BGR}, cv::COLOR_BayerRG2BGR},
    {{BAYER_GBRG, GRAY}, cv::COLOR_BayerGR2GRAY}, {{BAYER_GBRG, RGB}, cv::COLOR_BayerGR2RGB},
    {{BAYER_GBRG, BGR}, cv::COLOR_BayerGR2BGR},
    {{BAYER_GRBG, GRAY}, cv::COLOR_BayerGB2GRAY}, {{BAYER_GRBG, RGB}, cv::COLOR_BayerGB2RGB},
    {{BAYER_GRBG, BGR}, cv::COLOR_BayerGB2BGR}};
  return codes;
}

/// Whether an encoding says what its channels are (color, mono, Bayer, YUV), unlike OpenCV's generic ones.
inline bool hasColorMeaning(const std::string & e)
{
  return enc::isColor(e) || enc::isMono(e) || enc::isBayer(e) || e == enc::YUV422 || e == enc::YUV422_YUY2;
}

/// The steps from one encoding to another: color codes, SAME_FORMAT for a change of depth.
inline std::vector<int> conversionSteps(const std::string & from, const std::string & to)
{
  const bool same_channels = enc::numChannels(from) == enc::numChannels(to);
  if (!hasColorMeaning(from)) {
    if (hasColorMeaning(to)) {
      throw Exception("[" + from + "] is not a color format. but [" + to + "] is. The conversion does not make sense");
    }
    if (!same_channels) {
      throw Exception("[" + from + "] and [" + to + "] do not have the same number of channel");
    }
    return {SAME_FORMAT};
  }
  if (!hasColorMeaning(to)) {
    if (!same_channels) {
      throw Exception(
        "[" + from + "] is a color format but [" + to + "] is not so they must have the same OpenCV type, CV_8UC3, CV16UC1 ....");
    }
    return {SAME_FORMAT};
  }
  const Layout a = layoutOf(from);
  const Layout b = layoutOf(to);
  std::vector<int> steps;
  // Two encodings of one layout (bgr8 and bgr16, or the same) convert their depth only.
  if (a == b && a >= GRAY && a <= YUV422) {
    steps.push_back(SAME_FORMAT);
  } else {
    auto code = colorCodes().find({a, b});
    if (code == colorCodes().end()) {
      throw Exception("Unsupported conversion from [" + from + "] to [" + to + "]");
    }
    steps.push_back(code->second);
    if (enc::bitDepth(from) != enc::bitDepth(to)) {
      steps.push_back(SAME_FORMAT);
    }
  }
  return steps;
}

inline int depthOf(const std::string & name)
{
  static const std::map<std::string, int> depths = {
    {"8U", CV_8U}, {"8S", CV_8S}, {"16U", CV_16U}, {"16S", CV_16S}, {"32S", CV_32S}, {"32F", CV_32F}, {"64F", CV_64F}};
  return depths.at(name);
}

}  // namespace detail

inline int getCvType(const std::string & encoding)
{
  namespace enc = sensor_msgs::image_encodings;
  static const std::map<std::string, int> named = {
    {enc::BGR8, CV_8UC3}, {enc::MONO8, CV_8UC1}, {enc::RGB8, CV_8UC3}, {enc::MONO16, CV_16UC1},
    {enc::BGR16, CV_16UC3}, {enc::RGB16, CV_16UC3}, {enc::BGRA8, CV_8UC4}, {enc::RGBA8, CV_8UC4},
    {enc::BGRA16, CV_16UC4}, {enc::RGBA16, CV_16UC4},
    {enc::BAYER_RGGB8, CV_8UC1}, {enc::BAYER_BGGR8, CV_8UC1}, {enc::BAYER_GBRG8, CV_8UC1}, {enc::BAYER_GRBG8, CV_8UC1},
    {enc::BAYER_RGGB16, CV_16UC1}, {enc::BAYER_BGGR16, CV_16UC1}, {enc::BAYER_GBRG16, CV_16UC1},
    {enc::BAYER_GRBG16, CV_16UC1},
    {enc::YUV422, CV_8UC2}, {enc::YUV422_YUY2, CV_8UC2}};
  auto found = named.find(encoding);
  if (found != named.end()) {
    return found->second;
  }
  // OpenCV's generic names: a depth, with or without a channel count.
  static const std::regex generic("(8U|8S|16U|16S|32S|32F|64F)(?:C([0-9]+))?");
  std::smatch m;
  if (std::regex_match(encoding, m, generic)) {
    const int channels = m[2].matched ? std::stoi(m[2].str()) : 1;
    return CV_MAKETYPE(detail::depthOf(m[1].str()), channels);
  }
  throw Exception("Unrecognized image encoding [" + encoding + "]");
}

}  // namespace cv_bridge

#endif  // CV_BRIDGE__IMPL__ENCODINGS_HPP_
