/* global AudioWorkletProcessor, registerProcessor */
// AudioWorklet processor of the voice recorder: copies the first input channel to the main thread
// in blocks of 2048 samples (16 render quanta), so the page handles ~23 messages/s at 48 kHz.
// Plain JavaScript because the worklet is loaded as-is from our own origin (CSP script-src 'self').
class PcmCaptureProcessor extends AudioWorkletProcessor {
  constructor() {
    super();
    this.block = new Float32Array(2048);
    this.filled = 0;
  }

  process(inputs) {
    const channel = inputs[0] && inputs[0][0];
    if (channel) {
      let offset = 0;
      while (offset < channel.length) {
        const count = Math.min(channel.length - offset, this.block.length - this.filled);
        this.block.set(channel.subarray(offset, offset + count), this.filled);
        this.filled += count;
        offset += count;
        if (this.filled === this.block.length) {
          this.port.postMessage(this.block, [this.block.buffer]);
          this.block = new Float32Array(2048);
          this.filled = 0;
        }
      }
    }
    return true;
  }
}

registerProcessor('pcm-capture', PcmCaptureProcessor);
