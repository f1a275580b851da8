"""rclpy.type_description_service: the parameter that turns a node's ~/get_type_description
service on or off. The simulation makes that service for each node (and declares the read-only
parameter), so there is no TypeDescriptionService class here."""

START_TYPE_DESCRIPTION_SERVICE_PARAM = "start_type_description_service"
