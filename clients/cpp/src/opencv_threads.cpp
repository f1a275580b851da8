// OpenCV in one thread: a program that links OpenCV runs its parallel loops (cv::parallel_for_:
// cvtColor, resize, filters… on large images) in the calling thread. Debian's OpenCV runs them on
// oneTBB's workers, which take the ranges by work stealing: the ranges a loop body sees, and the
// order in which partial results meet, change from run to run, and so would the last bits of a
// floating-point reduction split across them. OPENCV_FOR_THREADS_NUM does not reach the TBB
// backend (OpenCV 4.6 reads it for its own thread pool only); cv::setNumThreads(1) does. The
// reference is weak, so a program without OpenCV needs nothing of it (docs/cpp-packages.md).
namespace cv
{
__attribute__((weak)) void setNumThreads(int threads);
}  // namespace cv

namespace rclsim
{
namespace
{

// After the libraries' own constructors (OpenCV's is in a shared library the program needs).
__attribute__((constructor)) void opencv_in_one_thread()
{
  if (cv::setNumThreads != nullptr) {
    cv::setNumThreads(1);
  }
}

}  // namespace
}  // namespace rclsim
