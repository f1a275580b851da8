// lz4js ships no typings: the functions rclsim uses.
declare module 'lz4js' {
  export function compress(data: Uint8Array | number[], maxSize?: number): number[] | Uint8Array;
  export function decompress(data: Uint8Array | number[], maxSize?: number): number[] | Uint8Array;
}
