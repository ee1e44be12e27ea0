export declare class Progress {
    private readonly stream;
    private readonly describe;
    private readonly started;
    private lastShown;
    constructor(stream: NodeJS.WriteStream, describe: (seconds: number) => string);
    private get isTTY();
    /** Shows the progress when it is time to. */
    update(): void;
    /** The last line, always shown. */
    finish(): void;
    private show;
}
/** Events per second, never dividing by zero. */
export declare const perSecond: (count: number, seconds: number) => number;
