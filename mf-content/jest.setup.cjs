// React's scheduler posts its work through a MessageChannel when one exists; the shared jsdom
// environment lends Node's, whose open port keeps Jest from exiting after the run. Without it the
// scheduler uses timers. (To drop once ../jest.environment.cjs stops lending MessageChannel.)
delete globalThis.MessageChannel;
