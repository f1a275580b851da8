/**
 * rosbag2_storage::StorageOptions as a program's open of its own bag gives them (rosbag2_cpp's
 * Reader and Writer): the port carries them, the bag layer opens the bag with them.
 */
export interface StorageOptions {
  /** As the program gave it, relative to `cwd`, the program's directory. */
  uri: string;
  cwd: string;
  write: boolean;
  /** 'mcap', 'sqlite3' or ''. */
  storageId: string;
  storagePresetProfile: string;
  /** Relative to `cwd` ('' for none). */
  storageConfigUri: string;
}
