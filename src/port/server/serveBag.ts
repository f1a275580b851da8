import type { ToSimulation } from '../wire/nodeMessages.js';
import type { ProgramBagStore } from './ProgramBagStore.js';
import { type Answer, json } from './ServedProgram.js';

/**
 * A program's rosbag2_cpp Reader and Writer (BagOp): served by the simulation's own bag code
 * while the program waits. A failure is answered as rosbag2 throws it (std::runtime_error). A
 * bag the program never closes stays unfinished, as rosbag2's does when its process ends
 * without running the Writer's destructor.
 */
export function bagHandler(store: (() => ProgramBagStore) | undefined): (op: NonNullable<ToSimulation['bag']>) => Answer {
  let made: ProgramBagStore | undefined;
  return (op) => {
    if (store === undefined) throw new Error('rosbag2_cpp: this simulation serves no bags to its programs');
    made ??= store();
    const bags = made;
    const id = Number(op.bag);
    if (op.open !== undefined) return json(bags.open(op.open));
    if (op.readNext !== undefined) {
      const message = bags.readNext(id);
      if (message === undefined) return { answer: { json: '', cdr: new Uint8Array() } };
      const told = { topic: message.topic, recv_ns: String(message.logTime), send_ns: String(message.publishTime) };
      return { answer: { json: JSON.stringify(told), cdr: message.data } };
    }
    if (op.setFilter !== undefined) bags.setFilter(id, op.setFilter);
    else if (op.seekNs !== undefined) bags.seek(id, BigInt(op.seekNs));
    else if (op.createTopic !== undefined) bags.createTopic(id, op.createTopic);
    else if (op.write !== undefined) bags.write(id, op.write.topic, BigInt(op.write.recvNs), BigInt(op.write.sendNs), op.write.data);
    else bags.close(id);
    return json(true);
  };
}
