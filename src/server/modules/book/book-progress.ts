/** How far a format's writer has come, from 0 to 1; awaited, so a slow listener slows the writer down. */
export type Progress = (fraction: number) => void | Promise<void>;
