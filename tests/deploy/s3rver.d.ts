/** The few parts of s3rver 3.7.1 (no types of its own) that the deployment test uses. */
declare module "s3rver" {
  import type { AddressInfo } from "node:net";

  export default class S3rver {
    constructor(options: {
      port?: number;
      address?: string;
      silent?: boolean;
      directory: string;
      configureBuckets?: { name: string }[];
      /** https with this key and certificate */
      key?: Buffer;
      cert?: Buffer;
    });
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
