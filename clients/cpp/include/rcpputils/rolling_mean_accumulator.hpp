// rcpputils::RollingMeanAccumulator (rcpputils/rolling_mean_accumulator.hpp): the mean of the last
// `rolling_window_size` values accumulated (of fewer until the window has filled), kept as a
// running sum over a ring buffer as upstream's, so the same values give the same bits.
// diff_drive_controller's odometry averages its velocities with it.
#ifndef RCPPUTILS__ROLLING_MEAN_ACCUMULATOR_HPP_
#define RCPPUTILS__ROLLING_MEAN_ACCUMULATOR_HPP_

#include <cassert>
#include <cstddef>
#include <vector>

namespace rcpputils
{

template<typename T>
class RollingMeanAccumulator
{
public:
  explicit RollingMeanAccumulator(size_t rolling_window_size)
  : buffer_(rolling_window_size, 0.0) {}

  void accumulate(T val)
  {
    // The value leaving the window is taken off the sum, the new one added, in that order.
    sum_ -= buffer_[next_insert_];
    sum_ += val;
    buffer_[next_insert_] = val;
    ++next_insert_;
    if (next_insert_ >= buffer_.size()) {
      buffer_filled_ = true;
      next_insert_ = 0;
    }
  }

  /// The mean of the values in the window; there must be one.
  T getRollingMean() const
  {
    const size_t count = buffer_filled_ ? buffer_.size() : next_insert_;
    assert(count > 0);
    return sum_ / count;
  }

private:
  std::vector<T> buffer_;
  size_t next_insert_ = 0;
  T sum_ = 0.0;
  bool buffer_filled_ = false;
};

}  // namespace rcpputils

#endif  // RCPPUTILS__ROLLING_MEAN_ACCUMULATOR_HPP_
