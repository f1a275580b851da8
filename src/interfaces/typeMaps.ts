/**
 * Message, service and action types by name, for TypeScript: what makes
 * `createSubscription('std_msgs/msg/String', …)` give a typed callback. The standard packages
 * are declared in standardTypes.ts; `rclsim gen-types` declares your packages by augmenting
 * these interfaces (`declare module 'rclsim/interfaces'`).
 */
import type { Message } from './plainMessages.js';

export * from './standardTypes.js';

export interface MessagesMap {}
export interface ServicesMap {}
export interface ActionsMap {}

export type MessageTypeName = keyof MessagesMap;
export type ServiceTypeName = keyof ServicesMap;
export type ActionTypeName = keyof ActionsMap;

/** The message type of a name (a plain message object for names the maps do not know). */
export type MessageOf<T> = T extends keyof MessagesMap ? MessagesMap[T] : Message;
export type RequestOf<T> = T extends keyof ServicesMap ? (ServicesMap[T] extends { Request: infer R } ? R : Message) : Message;
export type ResponseOf<T> = T extends keyof ServicesMap ? (ServicesMap[T] extends { Response: infer R } ? R : Message) : Message;
export type GoalOf<T> = T extends keyof ActionsMap ? (ActionsMap[T] extends { Goal: infer R } ? R : Message) : Message;
export type ResultOf<T> = T extends keyof ActionsMap ? (ActionsMap[T] extends { Result: infer R } ? R : Message) : Message;
export type FeedbackOf<T> = T extends keyof ActionsMap ? (ActionsMap[T] extends { Feedback: infer R } ? R : Message) : Message;

/**
 * What may be sent as a message of a type: any part of it (missing fields take defaults), with
 * what rclsim converts: safe numbers for 64-bit integers, plain arrays for typed arrays.
 */
export type MessageInput<T> = T extends Message ? T : { [K in keyof T]?: FieldInput<T[K]> };

type FieldInput<V> = V extends bigint
  ? bigint | number
  : V extends ArrayBufferView
    ? V | number[] | bigint[]
    : V extends readonly (infer E)[]
      ? FieldInput<E>[]
      : V extends object
        ? MessageInput<V>
        : V;
