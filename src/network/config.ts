import type { ChannelConfig } from './channel.js';
import type { ExternalConfig } from './external/ExternalMedium.js';
import type { Point, Prism } from './geometry.js';

/** Where a host's antenna is. Times are ns after the start of the run. */
export type PositionSource =
  | { kind: 'fixed'; at: Point }
  /** Straight lines between timed waypoints; before the first and after the last, there. */
  | { kind: 'waypoints'; points: readonly { at: number; position: Point }[] }
  /** The latest pose on a topic (Odometry, PoseStamped, PoseWithCovarianceStamped, Pose); `initial` until the first. */
  | { kind: 'topic'; topic: string; initial: Point | null }
  /** A model of the job's world: where its frame is at the time (the world says, Host.follow). */
  | { kind: 'body'; body: string };

export interface HostConfig {
  name: string;
  /** Node name patterns (`*` any characters, `?` one): a fully qualified name when it starts with '/', else the node's name. */
  nodes: readonly string[];
  position: PositionSource;
}

export interface RadioConfig {
  txPowerDbm: number;
  noiseFigureDb: number;
  /**
   * The weakest frame a receiver detects, dBm: weaker ones are lost whatever their SNR. −82 dBm is
   * the level at which the standard requires a receiver to detect an OFDM preamble (IEEE 802.11-2020
   * §17.3.10.6), and ns-3's ThresholdPreambleDetectionModel's MinimumRssi.
   */
  detectionThresholdDbm: number;
  /** A fixed MCS (0–7), or null for ideal rate adaptation. */
  mcs: number | null;
  /** A-MPDU aggregation (with Block Ack); without it, one MPDU and one ACK per exchange. */
  ampdu: boolean;
  /** Attempts of an MPDU before it is discarded (dot11ShortRetryLimit). */
  retryLimit: number;
  /** Interface queue per host, in IP packets (tail drop). */
  queuePackets: number;
}

export interface TransportConfig {
  /** IP MTU, octets. */
  mtu: number;
  /** Largest RTPS message (UDP payload); larger samples go as DATA_FRAG (Fast DDS: 65 500). */
  maxMessageSize: number;
  /** A writer socket's send buffer, octets of IP packets queued (Linux's net.core.wmem_default: 212 992). */
  sendBuffer: number;
  /** A reliable writer's heartbeat period, ns: when readers learn what they miss. */
  heartbeatPeriod: number;
  /** How long a reader waits before answering a heartbeat with an ACKNACK, ns (Fast DDS: 5 ms). */
  heartbeatResponseDelay: number;
}

export interface NetworkConfig {
  hosts: readonly HostConfig[];
  obstacles: readonly Prism[];
  channel: ChannelConfig;
  radio: RadioConfig;
  transport: TransportConfig;
  /** How often link statistics are published, ns. */
  metricsPeriod: number;
  /** Where they are published. */
  linksTopic: string;
  /** An external network simulator carries the packets instead of the built-in medium. */
  external: ExternalConfig | null;
}

/** 802.11n at 5.18 GHz (channel 36) with a typical client radio and Fast DDS's transport defaults. */
export const DEFAULT_RADIO: RadioConfig = {
  txPowerDbm: 20,
  noiseFigureDb: 7,
  detectionThresholdDbm: -82,
  mcs: null,
  ampdu: true,
  retryLimit: 7,
  queuePackets: 1000,
};
export const DEFAULT_TRANSPORT: TransportConfig = {
  mtu: 1500,
  maxMessageSize: 65_500,
  sendBuffer: 212_992,
  heartbeatPeriod: 100_000_000,
  heartbeatResponseDelay: 5_000_000,
};
export const DEFAULT_FREQUENCY = 5.18e9;
export const CHANNEL_BANDWIDTH = 20e6;
