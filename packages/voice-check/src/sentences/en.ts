/**
 * English recording prompts, written for Avatar Factory (not taken from any corpus): everyday
 * sentences that together contain every ARPAbet phoneme of General American English within the
 * first 30 (proven by sentences.test.ts with flite's phone output). Rare sounds (the "zh" of
 * "usually", "oy" of "noise", "uh" of "book") appear early and more than once.
 */
export const EN_SENTENCES: readonly string[] = [
  'Good morning, I usually drink a cup of coffee before work.',
  'The noisy boy found a shiny coin under the old wooden chair.',
  'Could you bring the blue jacket that is hanging near the door?',
  'We watched the sunset from the beach and then walked home together.',
  'My brother enjoys playing the guitar with his friends on Thursday evenings.',
  'Please measure the kitchen table before we order a new one.',
  'She took a quick look at the map and pointed toward the bridge.',
  'There is a small bakery around the corner that sells fresh bread.',
  'I think the television is too loud, could you turn it down a little?',
  'The children laughed when the puppy jumped into the pool.',
  'After lunch, we took the train through the quiet village.',
  'Her voice sounds calm and clear on the phone.',
  'Which book would you like to read on your vacation?',
  'The garage door was open, so the cat sneaked inside.',
  'I forgot my umbrella, and now my shoes are soaking wet.',
  'Thank you for joining us, the meeting will start in a few minutes.',
  'He put the yellow flowers in a glass vase by the window.',
  'It was a pleasure to visit your beautiful garden.',
  'Our neighbor fixes old bicycles in his spare time.',
  'Let us check the weather before we decide where to go this weekend.',
  'The movie was so thrilling that nobody moved until the end.',
  'Turn left at the fountain, and the museum is straight ahead.',
  'Would you mind closing the window? The air feels a bit cold.',
  'My grandmother bakes apple pie every autumn.',
  'The doctor told me to rest and drink plenty of water.',
  'A thick fog covered the harbor early this morning.',
  'We should leave soon if we want to catch the last bus.',
  'The new avatar speaks with my own voice, which is amazing.',
  'Happy birthday, I hope all your wishes come true this year.',
  'Please choose a photo where your face is easy to see.',
  'The orange juice in the fridge is cold and sweet.',
  'Ask the waiter for the menu when you are ready.',
  'That was the best concert I have ever been to.',
  'I will call you tomorrow evening after dinner.',
  'The river looks peaceful in the soft evening light.',
  'Could you recommend a good place to eat near the station?',
];
