// rclcpp::LoanedMessage (rclcpp/loaned_message.hpp): a message a publisher lends. The simulation's
// middleware lends none (can_loan_messages() is false), so, as rclcpp does then, the message is
// the program's own, allocated here, and rclcpp's one line says so the first time.
#ifndef RCLCPP__LOANED_MESSAGE_HPP_
#define RCLCPP__LOANED_MESSAGE_HPP_

#include <functional>
#include <memory>
#include <utility>

#include "rclcpp/logging.hpp"

namespace rclcpp
{

class PublisherBase;

template<typename MessageT, typename AllocatorT = std::allocator<void>>
class LoanedMessage
{
public:
  using MessageAllocator = std::allocator<MessageT>;

  LoanedMessage(const rclcpp::PublisherBase & pub, MessageAllocator allocator)
  : pub_(pub), message_allocator_(std::move(allocator))
  {
    RCLCPP_INFO_ONCE(rclcpp::get_logger("rclcpp"), "Currently used middleware can't loan messages. Local allocator will be used.");
    message_ = message_allocator_.allocate(1);
    new (message_) MessageT();
  }
  LoanedMessage(LoanedMessage<MessageT, AllocatorT> && other)
  : pub_(other.pub_), message_(other.message_), message_allocator_(std::move(other.message_allocator_))
  {
    other.message_ = nullptr;
  }
  LoanedMessage(const LoanedMessage<MessageT, AllocatorT> &) = delete;
  virtual ~LoanedMessage()
  {
    if (message_ != nullptr) {
      message_->~MessageT();
      message_allocator_.deallocate(message_, 1);
    }
  }

  bool is_valid() const {return message_ != nullptr;}
  MessageT & get() const {return *message_;}

  std::unique_ptr<MessageT, std::function<void(MessageT *)>> release()
  {
    MessageT * msg = message_;
    message_ = nullptr;
    return std::unique_ptr<MessageT, std::function<void(MessageT *)>>(msg, [allocator = message_allocator_](MessageT * ptr) mutable {
        ptr->~MessageT();
        allocator.deallocate(ptr, 1);
      });
  }

protected:
  const rclcpp::PublisherBase & pub_;
  MessageT * message_;
  MessageAllocator message_allocator_;
};

}  // namespace rclcpp

#endif  // RCLCPP__LOANED_MESSAGE_HPP_
