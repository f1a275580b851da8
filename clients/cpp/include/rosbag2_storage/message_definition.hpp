// rosbag2_storage::MessageDefinition (rosbag2_storage/message_definition.hpp): in topic_metadata.hpp.
#ifndef ROSBAG2_STORAGE__MESSAGE_DEFINITION_HPP_
#define ROSBAG2_STORAGE__MESSAGE_DEFINITION_HPP_

#include "rosbag2_storage/topic_metadata.hpp"

#endif  // ROSBAG2_STORAGE__MESSAGE_DEFINITION_HPP_
