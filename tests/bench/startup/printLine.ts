/**
 * The floor of a server start: Node started the way browser mode starts the demo server (with
 * `--import tsx`), printing one line and nothing else.
 */
console.log('ready');
