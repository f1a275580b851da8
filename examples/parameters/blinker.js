// A parameter-driven node: its period, message and enable flag are parameters with
// descriptors; changing them while it runs is checked and applied.
'use strict';

const rclnodejs = require('rclnodejs');
const { Parameter, ParameterType, ParameterDescriptor, IntegerRange } = rclnodejs;

rclnodejs.init().then(() => {
  const node = rclnodejs.createNode('blinker');
  const period = new ParameterDescriptor('period_ms', ParameterType.PARAMETER_INTEGER, 'blink period');
  period.range = new IntegerRange(100, 2000, 100);
  node.declareParameter(new Parameter('period_ms', ParameterType.PARAMETER_INTEGER, 500n), period);
  node.declareParameter(new Parameter('text', ParameterType.PARAMETER_STRING, 'blink'));
  node.declareParameter(new Parameter('enabled', ParameterType.PARAMETER_BOOL, true));

  const publisher = node.createPublisher('std_msgs/msg/String', 'blinks');
  let timer = null;
  const restart = () => {
    if (timer) node.destroyTimer(timer);
    const ms = node.getParameter('period_ms').value;
    timer = node.createTimer(ms * 1000000n, () => {
      if (!node.getParameter('enabled').value) return;
      const text = `${node.getParameter('text').value} @ ${node.now().nanoseconds / 1000000n} ms`;
      console.log(text);
      publisher.publish(text);
    });
  };
  node.addOnSetParametersCallback((parameters) => {
    for (const p of parameters) console.log(`parameter ${p.name} set to ${p.value}`);
    return { successful: true, reason: '' };
  });
  restart();

  // After 2 s, slow down; an out-of-range period is refused.
  setTimeout(() => {
    const refused = node.setParameter(new Parameter('period_ms', ParameterType.PARAMETER_INTEGER, 150n));
    console.log(`period 150 ms: ${refused.successful ? 'accepted' : `refused (${refused.reason})`}`);
    node.setParameter(new Parameter('period_ms', ParameterType.PARAMETER_INTEGER, 1000n));
    restart();
  }, 2000);
  rclnodejs.spin(node);
});
