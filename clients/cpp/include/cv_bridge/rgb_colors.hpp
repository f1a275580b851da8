// cv_bridge::rgb_colors (cv_bridge/rgb_colors.hpp): 146 named colors, the CSS colors in the order
// of upstream's enum, for coloring label images (cvtColorForDisplay). Each component is the
// 8-bit value over 255 to three significant digits, as upstream's table writes them (0.941 for
// 240), kept here as the 8-bit values; two entries are upstream's, not CSS's (marked).
#ifndef CV_BRIDGE__RGB_COLORS_HPP_
#define CV_BRIDGE__RGB_COLORS_HPP_

#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include <opencv2/core.hpp>

namespace cv_bridge
{
namespace rgb_colors
{

enum Colors
{
  ALICEBLUE,
  ANTIQUEWHITE,
  AQUA,
  AQUAMARINE,
  AZURE,
  BEIGE,
  BISQUE,
  BLACK,
  BLANCHEDALMOND,
  BLUE,
  BLUEVIOLET,
  BROWN,
  BURLYWOOD,
  CADETBLUE,
  CHARTREUSE,
  CHOCOLATE,
  CORAL,
  CORNFLOWERBLUE,
  CORNSILK,
  CRIMSON,
  CYAN,
  DARKBLUE,
  DARKCYAN,
  DARKGOLDENROD,
  DARKGRAY,
  DARKGREEN,
  DARKGREY,
  DARKKHAKI,
  DARKMAGENTA,
  DARKOLIVEGREEN,
  DARKORANGE,
  DARKORCHID,
  DARKRED,
  DARKSALMON,
  DARKSEAGREEN,
  DARKSLATEBLUE,
  DARKSLATEGRAY,
  DARKSLATEGREY,
  DARKTURQUOISE,
  DARKVIOLET,
  DEEPPINK,
  DEEPSKYBLUE,
  DIMGRAY,
  DIMGREY,
  DODGERBLUE,
  FIREBRICK,
  FLORALWHITE,
  FORESTGREEN,
  FUCHSIA,
  GAINSBORO,
  GHOSTWHITE,
  GOLD,
  GOLDENROD,
  GRAY,
  GREEN,
  GREENYELLOW,
  GREY,
  HONEYDEW,
  HOTPINK,
  INDIANRED,
  INDIGO,
  IVORY,
  KHAKI,
  LAVENDER,
  LAVENDERBLUSH,
  LAWNGREEN,
  LEMONCHIFFON,
  LIGHTBLUE,
  LIGHTCORAL,
  LIGHTCYAN,
  LIGHTGOLDENRODYELLOW,
  LIGHTGRAY,
  LIGHTGREEN,
  LIGHTGREY,
  LIGHTPINK,
  LIGHTSALMON,
  LIGHTSEAGREEN,
  LIGHTSKYBLUE,
  LIGHTSLATEGRAY,
  LIGHTSLATEGREY,
  LIGHTSTEELBLUE,
  LIGHTYELLOW,
  LIME,
  LIMEGREEN,
  LINEN,
  MAGENTA,
  MAROON,
  MEDIUMAQUAMARINE,
  MEDIUMBLUE,
  MEDIUMORCHID,
  MEDIUMPURPLE,
  MEDIUMSEAGREEN,
  MEDIUMSLATEBLUE,
  MEDIUMSPRINGGREEN,
  MEDIUMTURQUOISE,
  MEDIUMVIOLETRED,
  MIDNIGHTBLUE,
  MINTCREAM,
  MISTYROSE,
  MOCCASIN,
  NAVAJOWHITE,
  NAVY,
  OLDLACE,
  OLIVE,
  OLIVEDRAB,
  ORANGE,
  ORANGERED,
  ORCHID,
  PALEGOLDENROD,
  PALEGREEN,
  PALEVIOLETRED,
  PAPAYAWHIP,
  PEACHPUFF,
  PERU,
  PINK,
  PLUM,
  POWDERBLUE,
  PURPLE,
  RED,
  ROSYBROWN,
  ROYALBLUE,
  SADDLEBROWN,
  SALMON,
  SANDYBROWN,
  SEAGREEN,
  SEASHELL,
  SIENNA,
  SILVER,
  SKYBLUE,
  SLATEBLUE,
  SLATEGRAY,
  SLATEGREY,
  SNOW,
  SPRINGGREEN,
  STEELBLUE,
  TAN,
  TEAL,
  THISTLE,
  TOMATO,
  TURQUOISE,
  VIOLET,
  WHEAT,
  WHITE,
  WHITESMOKE,
  YELLOW,
  YELLOWGREEN,
};

namespace detail
{

inline const std::array<std::array<std::uint8_t, 3>, 146> & colorTable()
{
  static const std::array<std::array<std::uint8_t, 3>, 146> table = {{
    {240, 248, 255},  // ALICEBLUE
    {250, 235, 215},  // ANTIQUEWHITE
    {0, 255, 255},  // AQUA
    {127, 255, 212},  // AQUAMARINE
    {240, 255, 255},  // AZURE
    {245, 245, 220},  // BEIGE
    {255, 228, 196},  // BISQUE
    {0, 0, 0},  // BLACK
    {255, 235, 205},  // BLANCHEDALMOND
    {0, 0, 255},  // BLUE
    {138, 43, 226},  // BLUEVIOLET
    {165, 42, 42},  // BROWN
    {222, 184, 135},  // BURLYWOOD
    {95, 158, 160},  // CADETBLUE
    {127, 255, 0},  // CHARTREUSE
    {210, 105, 30},  // CHOCOLATE
    {255, 127, 80},  // CORAL
    {100, 149, 237},  // CORNFLOWERBLUE
    {255, 248, 220},  // CORNSILK
    {220, 20, 60},  // CRIMSON
    {0, 255, 255},  // CYAN
    {0, 0, 139},  // DARKBLUE
    {0, 139, 139},  // DARKCYAN
    {184, 134, 11},  // DARKGOLDENROD
    {169, 169, 169},  // DARKGRAY
    {0, 100, 0},  // DARKGREEN
    {169, 169, 169},  // DARKGREY
    {189, 183, 107},  // DARKKHAKI
    {139, 0, 139},  // DARKMAGENTA
    {85, 107, 47},  // DARKOLIVEGREEN
    {255, 140, 0},  // DARKORANGE
    {153, 50, 204},  // DARKORCHID
    {139, 0, 0},  // DARKRED
    {233, 150, 122},  // DARKSALMON
    {143, 188, 143},  // DARKSEAGREEN
    {72, 61, 139},  // DARKSLATEBLUE
    {47, 79, 79},  // DARKSLATEGRAY
    {47, 79, 79},  // DARKSLATEGREY
    {0, 206, 209},  // DARKTURQUOISE
    {148, 0, 211},  // DARKVIOLET
    {255, 20, 147},  // DEEPPINK
    {0, 191, 255},  // DEEPSKYBLUE
    {105, 105, 105},  // DIMGRAY
    {105, 105, 105},  // DIMGREY
    {30, 144, 255},  // DODGERBLUE
    {178, 34, 34},  // FIREBRICK
    {255, 250, 240},  // FLORALWHITE
    {34, 139, 34},  // FORESTGREEN
    {255, 0, 255},  // FUCHSIA
    {220, 220, 220},  // GAINSBORO
    {248, 248, 255},  // GHOSTWHITE
    {255, 215, 0},  // GOLD
    {218, 165, 32},  // GOLDENROD
    {128, 128, 128},  // GRAY
    {0, 128, 0},  // GREEN
    {173, 255, 47},  // GREENYELLOW
    {128, 128, 128},  // GREY
    {240, 255, 240},  // HONEYDEW
    {255, 105, 180},  // HOTPINK
    {205, 92, 92},  // INDIANRED
    {75, 0, 130},  // INDIGO
    {255, 255, 240},  // IVORY
    {240, 230, 140},  // KHAKI
    {230, 230, 250},  // LAVENDER
    {255, 240, 245},  // LAVENDERBLUSH
    {124, 252, 0},  // LAWNGREEN
    {255, 250, 205},  // LEMONCHIFFON
    {173, 216, 230},  // LIGHTBLUE
    {240, 128, 128},  // LIGHTCORAL
    {224, 255, 255},  // LIGHTCYAN
    {250, 250, 210},  // LIGHTGOLDENRODYELLOW
    {211, 211, 211},  // LIGHTGRAY
    {144, 238, 144},  // LIGHTGREEN
    {211, 211, 211},  // LIGHTGREY
    {255, 182, 193},  // LIGHTPINK
    {255, 160, 122},  // LIGHTSALMON
    {32, 178, 170},  // LIGHTSEAGREEN
    {135, 206, 250},  // LIGHTSKYBLUE
    {119, 136, 153},  // LIGHTSLATEGRAY
    {119, 136, 153},  // LIGHTSLATEGREY
    {176, 196, 222},  // LIGHTSTEELBLUE
    {255, 255, 224},  // LIGHTYELLOW
    {0, 255, 0},  // LIME
    {50, 205, 50},  // LIMEGREEN
    {250, 240, 230},  // LINEN
    {255, 0, 255},  // MAGENTA
    {128, 0, 0},  // MAROON
    {102, 205, 170},  // MEDIUMAQUAMARINE
    {0, 0, 205},  // MEDIUMBLUE
    {186, 85, 211},  // MEDIUMORCHID
    {147, 112, 219},  // MEDIUMPURPLE
    {60, 179, 113},  // MEDIUMSEAGREEN
    {123, 104, 238},  // MEDIUMSLATEBLUE
    {0, 250, 154},  // MEDIUMSPRINGGREEN
    {72, 209, 204},  // MEDIUMTURQUOISE
    {199, 21, 133},  // MEDIUMVIOLETRED
    {25, 25, 112},  // MIDNIGHTBLUE
    {245, 255, 250},  // MINTCREAM
    {255, 228, 225},  // MISTYROSE
    {255, 228, 181},  // MOCCASIN
    {255, 222, 173},  // NAVAJOWHITE
    {0, 0, 128},  // NAVY
    {253, 245, 230},  // OLDLACE
    {128, 128, 0},  // OLIVE
    {107, 142, 35},  // OLIVEDRAB
    {255, 165, 0},  // ORANGE
    {255, 69, 0},  // ORANGERED
    {218, 112, 214},  // ORCHID
    {238, 232, 170},  // PALEGOLDENROD
    {152, 251, 152},  // PALEGREEN
    {175, 238, 238},  // PALEVIOLETRED: upstream's table gives it paleturquoise's color
    {255, 239, 213},  // PAPAYAWHIP
    {255, 218, 185},  // PEACHPUFF
    {205, 133, 63},  // PERU
    {255, 192, 203},  // PINK
    {221, 160, 221},  // PLUM
    {176, 224, 230},  // POWDERBLUE
    {128, 0, 128},  // PURPLE
    {255, 0, 0},  // RED
    {188, 143, 143},  // ROSYBROWN
    {65, 105, 225},  // ROYALBLUE
    {139, 69, 19},  // SADDLEBROWN
    {250, 128, 114},  // SALMON
    {250, 164, 96},  // SANDYBROWN: upstream's red is 0.98 (250), CSS's 244
    {46, 139, 87},  // SEAGREEN
    {255, 245, 238},  // SEASHELL
    {160, 82, 45},  // SIENNA
    {192, 192, 192},  // SILVER
    {135, 206, 235},  // SKYBLUE
    {106, 90, 205},  // SLATEBLUE
    {112, 128, 144},  // SLATEGRAY
    {112, 128, 144},  // SLATEGREY
    {255, 250, 250},  // SNOW
    {0, 255, 127},  // SPRINGGREEN
    {70, 130, 180},  // STEELBLUE
    {210, 180, 140},  // TAN
    {0, 128, 128},  // TEAL
    {216, 191, 216},  // THISTLE
    {255, 99, 71},  // TOMATO
    {64, 224, 208},  // TURQUOISE
    {238, 130, 238},  // VIOLET
    {245, 222, 179},  // WHEAT
    {255, 255, 255},  // WHITE
    {245, 245, 245},  // WHITESMOKE
    {255, 255, 0},  // YELLOW
    {154, 205, 50},  // YELLOWGREEN
  }};
  return table;
}

/// value / 255 to three significant digits (printf's rounding: the same on every machine).
inline double threeDigits(std::uint8_t value)
{
  char text[32];
  std::snprintf(text, sizeof(text), "%.3g", value / 255.0);
  return std::strtod(text, nullptr);
}

}  // namespace detail

/// The color of `color` modulo 146, components in [0, 1]; a negative one is black, as upstream's switch gives.
inline cv::Vec3d getRGBColor(const int color)
{
  const int index = color % 146;
  if (index < 0) {
    return cv::Vec3d();
  }
  const auto & rgb = detail::colorTable()[static_cast<std::size_t>(index)];
  return cv::Vec3d(detail::threeDigits(rgb[0]), detail::threeDigits(rgb[1]), detail::threeDigits(rgb[2]));
}

}  // namespace rgb_colors
}  // namespace cv_bridge

#endif  // CV_BRIDGE__RGB_COLORS_HPP_
