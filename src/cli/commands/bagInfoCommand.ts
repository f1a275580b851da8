import { BagError } from '../../bag/BagStorage.js';
import { bagInfoToJson, formatBagInfo, readBagInfo } from '../../bag/readBagInfo.js';
import { ExitCode } from '../../job/exitCodes.js';

/** `rclsim bag info PATH [--json]`: what ros2 bag info prints. */
export async function bagInfo(path: string, options: { json?: boolean }): Promise<number> {
  try {
    const info = await readBagInfo(path);
    process.stdout.write(options.json ? `${bagInfoToJson(info)}\n` : formatBagInfo(info));
    return ExitCode.ok;
  } catch (error) {
    process.stderr.write(`rclsim: ${(error as Error).message}\n`);
    return error instanceof BagError ? ExitCode.badInput : ExitCode.internalError;
  }
}
