/** What crossed one link (ordered host pair) over a period. Latencies in ns. */
export class LinkCounters {
  /** Serialized message bytes handed to the link, and those delivered. */
  offeredBytes = 0;
  deliveredBytes = 0;
  messagesSent = 0;
  messagesDelivered = 0;
  messagesLost = 0;
  /** MPDU transmissions, those that were retransmissions, and MPDUs discarded after the retry limit. */
  framesSent = 0;
  framesRetried = 0;
  framesDropped = 0;
  /** IP packets the sender's full interface queue dropped. */
  queueDrops = 0;
  latencySum = 0;
  latencyMax = 0;

  delivered(bytes: number, latency: number): void {
    this.messagesDelivered++;
    this.deliveredBytes += bytes;
    this.latencySum += latency;
    if (latency > this.latencyMax) this.latencyMax = latency;
  }

  add(other: LinkCounters): void {
    this.offeredBytes += other.offeredBytes;
    this.deliveredBytes += other.deliveredBytes;
    this.messagesSent += other.messagesSent;
    this.messagesDelivered += other.messagesDelivered;
    this.messagesLost += other.messagesLost;
    this.framesSent += other.framesSent;
    this.framesRetried += other.framesRetried;
    this.framesDropped += other.framesDropped;
    this.queueDrops += other.queueDrops;
    this.latencySum += other.latencySum;
    this.latencyMax = Math.max(this.latencyMax, other.latencyMax);
  }

  get latencyMean(): number {
    return this.messagesDelivered === 0 ? 0 : this.latencySum / this.messagesDelivered;
  }
}
