import workletUrl from './pcm-capture.worklet.js?url&no-inline';

/**
 * Raw microphone capture with Web Audio: getUserMedia with the browser's voice processing off
 * (echo cancellation, noise suppression and gain control colour the timbre a voice model learns),
 * samples taken by an AudioWorklet, or by a ScriptProcessorNode where worklets are unavailable.
 */
export interface PcmCapture {
  readonly sampleRate: number;
  /** Which Web Audio node takes the samples. */
  readonly method: 'audio-worklet' | 'script-processor';
  /** Stops the microphone and returns every sample captured. */
  stop(): Promise<Float32Array[]>;
}

export type StartCaptureOptions = {
  /** Each new block of mono samples, as it arrives (for auto-stop and a level meter). */
  onSamples?: (block: Float32Array) => void;
};

export const voiceConstraints: MediaTrackConstraints = {
  channelCount: 1,
  echoCancellation: false,
  noiseSuppression: false,
  autoGainControl: false,
};

export async function startPcmCapture({ onSamples }: StartCaptureOptions = {}): Promise<PcmCapture> {
  const stream = await navigator.mediaDevices.getUserMedia({ audio: voiceConstraints });
  const context = new AudioContext();
  const chunks: Float32Array[] = [];
  const accept = (block: Float32Array) => {
    chunks.push(block);
    onSamples?.(block);
  };
  try {
    if (context.state === 'suspended') await context.resume();
    const source = context.createMediaStreamSource(stream);
    // Nodes are only pulled when they reach the destination: route through a muted gain.
    const mute = context.createGain();
    mute.gain.value = 0;
    mute.connect(context.destination);
    let node: AudioNode;
    let method: PcmCapture['method'] = 'audio-worklet';
    try {
      await context.audioWorklet.addModule(workletUrl);
      const worklet = new AudioWorkletNode(context, 'pcm-capture', { numberOfInputs: 1, numberOfOutputs: 1, channelCount: 1 });
      worklet.port.onmessage = (event: MessageEvent<Float32Array>) => accept(event.data);
      node = worklet;
    } catch {
      const processor = context.createScriptProcessor(4096, 1, 1);
      processor.onaudioprocess = (event) => accept(new Float32Array(event.inputBuffer.getChannelData(0)));
      node = processor;
      method = 'script-processor';
    }
    source.connect(node);
    node.connect(mute);

    return {
      sampleRate: context.sampleRate,
      method,
      async stop() {
        source.disconnect();
        node.disconnect();
        for (const track of stream.getTracks()) track.stop();
        await context.close();
        return chunks;
      },
    };
  } catch (error) {
    for (const track of stream.getTracks()) track.stop();
    void context.close();
    throw error;
  }
}
