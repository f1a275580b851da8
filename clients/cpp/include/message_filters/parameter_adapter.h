// message_filters' ParameterAdapter (Jazzy's message_filters/parameter_adapter.h): what a
// callback's parameter type asks of a MessageEvent — the message by value or reference, a
// shared pointer to it (const, or a copy when non-const), or the event itself.
#ifndef MESSAGE_FILTERS__PARAMETER_ADAPTER_H_
#define MESSAGE_FILTERS__PARAMETER_ADAPTER_H_

#include <memory>
#include <type_traits>

#include "message_filters/message_event.h"

namespace message_filters
{

// M or const M&: the message itself.
template<typename M>
struct ParameterAdapter
{
  typedef typename std::remove_reference<typename std::remove_const<M>::type>::type Message;
  typedef MessageEvent<Message const> Event;
  typedef M Parameter;
  static const bool is_const = true;
  static Parameter getParameter(const Event & event) {return *event.getMessage();}
};

template<typename M>
struct ParameterAdapter<const std::shared_ptr<M const> &>
{
  typedef typename std::remove_reference<typename std::remove_const<M>::type>::type Message;
  typedef MessageEvent<Message const> Event;
  typedef const std::shared_ptr<Message const> Parameter;
  static const bool is_const = true;
  static Parameter getParameter(const Event & event) {return event.getMessage();}
};

template<typename M>
struct ParameterAdapter<const std::shared_ptr<M> &>
{
  typedef typename std::remove_reference<typename std::remove_const<M>::type>::type Message;
  typedef MessageEvent<Message const> Event;
  typedef std::shared_ptr<Message> Parameter;
  static const bool is_const = false;
  static Parameter getParameter(const Event & event) {return MessageEvent<Message>(event).getMessage();}
};

template<typename M>
struct ParameterAdapter<const M &>
{
  typedef typename std::remove_reference<typename std::remove_const<M>::type>::type Message;
  typedef MessageEvent<Message const> Event;
  typedef const M & Parameter;
  static const bool is_const = true;
  static Parameter getParameter(const Event & event) {return *event.getMessage();}
};

template<typename M>
struct ParameterAdapter<std::shared_ptr<M const>>
{
  typedef typename std::remove_reference<typename std::remove_const<M>::type>::type Message;
  typedef MessageEvent<Message const> Event;
  typedef std::shared_ptr<Message const> Parameter;
  static const bool is_const = true;
  static Parameter getParameter(const Event & event) {return event.getMessage();}
};

template<typename M>
struct ParameterAdapter<std::shared_ptr<M>>
{
  typedef typename std::remove_reference<typename std::remove_const<M>::type>::type Message;
  typedef MessageEvent<Message const> Event;
  typedef std::shared_ptr<Message> Parameter;
  static const bool is_const = false;
  static Parameter getParameter(const Event & event) {return MessageEvent<Message>(event).getMessage();}
};

template<typename M>
struct ParameterAdapter<const MessageEvent<M const> &>
{
  typedef typename std::remove_reference<typename std::remove_const<M>::type>::type Message;
  typedef MessageEvent<Message const> Event;
  typedef const MessageEvent<Message const> & Parameter;
  static const bool is_const = true;
  static Parameter getParameter(const Event & event) {return event;}
};

template<typename M>
struct ParameterAdapter<const MessageEvent<M> &>
{
  typedef typename std::remove_reference<typename std::remove_const<M>::type>::type Message;
  typedef MessageEvent<Message const> Event;
  typedef MessageEvent<Message> Parameter;
  static const bool is_const = false;
  static Parameter getParameter(const Event & event) {return MessageEvent<Message>(event);}
};

}  // namespace message_filters

#endif  // MESSAGE_FILTERS__PARAMETER_ADAPTER_H_
