/** rclnodejs's MessageInfo: what a subscription callback's optional second argument carries. */
export class MessageInfo {
  readonly sourceTimestamp: bigint;
  readonly receivedTimestamp: bigint;
  readonly publicationSequenceNumber: bigint;
  readonly receptionSequenceNumber: bigint;
  readonly publisherGid: Buffer;

  constructor(fields: {
    sourceTimestamp: bigint;
    receivedTimestamp: bigint;
    publicationSequenceNumber: bigint;
    receptionSequenceNumber: bigint;
    publisherGid: Buffer;
  }) {
    this.sourceTimestamp = fields.sourceTimestamp;
    this.receivedTimestamp = fields.receivedTimestamp;
    this.publicationSequenceNumber = fields.publicationSequenceNumber;
    this.receptionSequenceNumber = fields.receptionSequenceNumber;
    this.publisherGid = fields.publisherGid;
  }

  toPlainObject(): {
    sourceTimestamp: bigint;
    receivedTimestamp: bigint;
    publicationSequenceNumber: bigint;
    receptionSequenceNumber: bigint;
    publisherGid: Buffer;
  } {
    return {
      sourceTimestamp: this.sourceTimestamp,
      receivedTimestamp: this.receivedTimestamp,
      publicationSequenceNumber: this.publicationSequenceNumber,
      receptionSequenceNumber: this.receptionSequenceNumber,
      publisherGid: this.publisherGid,
    };
  }
}
