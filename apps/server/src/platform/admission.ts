/**
 * Whether one more paid generation may start (spec: a full engine answers 503 and charges
 * nothing). `enter` answers a way to leave when there is room, undefined when there is none.
 */
export interface GenerationAdmission {
  enter(): Promise<(() => Promise<void>) | undefined>;
}
