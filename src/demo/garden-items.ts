/** The demo Garden's pieces: texts, tags, status and who wrote each. */
import type { Archetype, ContentType } from "../../core/enums";

export type GardenItem = {
  title: string;
  description: string;
  contentType: ContentType;
  content: string;
  tags: string[];
  status: "approved" | "pending";
  isFeatured?: boolean;
  /** Who wrote it: the demo accounts or a practitioner/client of a given archetype or position. */
  author: "sage" | "clara" | { archetype: Archetype } | { client: number };
};

export const GARDEN_ITEMS: readonly GardenItem[] = [
  {
    title: "Five-minute grounding for busy mornings",
    description: "A tiny routine to arrive in your body before the day takes over.",
    contentType: "article",
    content:
      "Before you reach for your phone, put both feet on the floor and notice the temperature of the ground. Take three slow breaths, longer out than in. Name three things you can hear. That's it: five minutes, no equipment, and a steadier start to the day.",
    tags: ["grounding", "morning routine", "beginners"],
    status: "approved",
    isFeatured: true,
    author: "sage",
  },
  {
    title: "Roots and branches: a guided body scan",
    description: "A 15-minute body scan that moves from the soles of the feet to the crown.",
    contentType: "meditation",
    content:
      "Find a comfortable position and let the floor hold you. Imagine roots growing from the soles of your feet, drawing steadiness up through the legs. Let your attention climb slowly, resting wherever there is tension, and breathe into it without trying to change it.",
    tags: ["body scan", "relaxation", "sleep"],
    status: "approved",
    author: "sage",
  },
  {
    title: "Box breathing before hard conversations",
    description: "A precise, four-count breath to steady you in under a minute.",
    contentType: "exercise",
    content:
      "Breathe in for four counts, hold for four, breathe out for four, hold for four. Repeat four rounds. Keep the shoulders soft. Use it in the corridor before the meeting, or in the car before you walk in the door.",
    tags: ["breathwork", "anxiety", "quick reset"],
    status: "approved",
    author: { archetype: "hummingbird" },
  },
  {
    title: "Singing bowl session for deep sleep",
    description: "Twenty minutes of slow, layered tones recorded in one take.",
    contentType: "audio",
    content:
      "Recorded with three crystal bowls tuned to a low drone. Listen lying down with headphones at a gentle volume. The tones gradually slow and fade, so it is fine to fall asleep before the end.",
    tags: ["sound healing", "sleep", "relaxation"],
    status: "approved",
    isFeatured: true,
    author: { archetype: "bee" },
  },
  {
    title: "Gentle qigong flow for stiff shoulders",
    description: "A seated and standing sequence for desk-bound bodies.",
    contentType: "video",
    content:
      "Three movements, each repeated nine times: lifting the sky, rolling the shoulders like waves, and pressing the earth. Move slowly, coordinate with the breath, and stop short of any pain.",
    tags: ["qigong", "movement", "desk work"],
    status: "approved",
    author: { archetype: "beetle" },
  },
  {
    title: "What nobody tells you about career transitions",
    description: "Notes from walking alongside dozens of people between jobs and identities.",
    contentType: "article",
    content:
      "The hardest part of changing careers is rarely the practical part. It is the loss of a familiar story about who you are. Give that loss room. Expect a middle stretch where nothing feels settled; it is not failure, it is the cocoon.",
    tags: ["life transitions", "career change", "identity"],
    status: "approved",
    author: { archetype: "butterfly" },
  },
  {
    title: "Loving-kindness for the hard days",
    description: "A short metta practice for when self-compassion feels out of reach.",
    contentType: "meditation",
    content:
      "Begin with someone it is easy to love and silently offer: may you be safe, may you be well, may you be at ease. Then turn the same words toward yourself, even if they feel hollow at first. Repetition softens the ground.",
    tags: ["self-compassion", "metta", "grief"],
    status: "approved",
    author: { archetype: "butterfly" },
  },
  {
    title: "Journaling prompts for meeting your shadow",
    description: "Seven prompts to explore the parts of yourself you'd rather not look at.",
    contentType: "exercise",
    content:
      "1. What quality in others irritates me most? 2. When do I feel most defensive? 3. What did I learn to hide as a child? Write without editing, then read it back with the kindness you would offer a friend. Go slowly; stop if it becomes overwhelming.",
    tags: ["shadow work", "journaling", "integration"],
    status: "approved",
    author: { archetype: "beetle" },
  },
  {
    title: "How I found a practitioner who fits",
    description: "A success story from a first-time seeker.",
    contentType: "article",
    content:
      "I spent months reading profiles and never booking. What finally helped was a short first session with no agenda. Six sessions later I sleep better and I've learned that asking for support is a skill, not a weakness.",
    tags: ["success story", "first session", "community"],
    status: "approved",
    author: "clara",
  },
  {
    title: "Rain and heartbeat: a nervous system reset",
    description: "A 10-minute soundscape pairing steady rain with a slow heartbeat rhythm.",
    contentType: "audio",
    content:
      "The heartbeat starts at around 70 beats per minute and slows to 55 over ten minutes. Many listeners find their breathing follows it. Use it after a stressful call or before meditation.",
    tags: ["nervous system", "soundscape", "stress relief"],
    status: "approved",
    author: { archetype: "hummingbird" },
  },
  {
    title: "Self-massage for tension headaches",
    description: "Simple techniques for the neck, jaw and temples.",
    contentType: "video",
    content:
      "Start with slow circles at the temples, then slide your fingertips along the jaw and let it hang open. Finish by pressing gently into the ridge at the base of the skull for thirty seconds while breathing slowly.",
    tags: ["self-care", "massage", "headaches"],
    status: "approved",
    author: { archetype: "bee" },
  },
  {
    title: "The 3-3-3 check-in",
    description: "A quick way to notice what you need right now.",
    contentType: "exercise",
    content:
      "Name three things you feel in your body, three things on your mind, and three things you could do in the next hour to care for yourself. Pick one and do it.",
    tags: ["mindfulness", "check-in", "self-care"],
    status: "approved",
    author: { client: 0 },
  },
  {
    title: "Five senses tea ritual",
    description: "Turn a cup of tea into a ten-minute practice.",
    contentType: "meditation",
    content:
      "Watch the steam before you sip. Hold the cup with both hands and feel its warmth.\nSmell it twice: once from a distance, once close. Sip slowly and notice where the taste lands on the tongue.\nWhen the cup is empty, sit for one more breath before you stand.",
    tags: ["mindfulness", "ritual", "slow living"],
    status: "approved",
    author: { archetype: "bee" },
  },
  {
    title: "Six weeks of breathwork changed my sleep",
    description: "How a nightly breathing practice turned around years of insomnia.",
    contentType: "article",
    content:
      "For years I woke at 3 a.m. and stared at the ceiling. My practitioner suggested a simple exhale-focused breath before bed.\nThe first week felt pointless. By week four I was sleeping through most nights.\nIt was not magic, just a small thing done every night.",
    tags: ["success story", "sleep", "breathwork"],
    status: "approved",
    author: { client: 13 },
  },
  {
    title: "A body map for emotions",
    description: "A printable exercise to notice where feelings live in your body.",
    contentType: "exercise",
    content:
      "Draw a simple outline of a body. For each feeling you had today, colour where you noticed it: tight chest, warm face, heavy legs.\nLook at the map at the end of the week. Patterns often appear before words do.",
    tags: ["somatic", "emotions", "journaling"],
    status: "approved",
    author: { archetype: "beetle" },
  },
  {
    title: "Ocean breath for the commute",
    description: "Seven minutes of guided ujjayi breathing with wave sounds.",
    contentType: "audio",
    content:
      "Breathe through the nose with a soft constriction at the back of the throat, so the breath sounds like distant waves.\nThe recording counts you in for the first minute, then leaves you with the ocean.",
    tags: ["breathwork", "commute", "stress relief"],
    status: "approved",
    author: { archetype: "hummingbird" },
  },
  {
    title: "Morning mobility in ten minutes",
    description: "A gentle video routine for hips, spine and shoulders.",
    contentType: "video",
    content:
      "Cat and cow for one minute, hip circles on all fours, thread the needle on each side, then a slow standing roll-down.\nMove within comfort; the aim is to say good morning to the joints, not to stretch hard.",
    tags: ["movement", "morning routine", "mobility"],
    status: "approved",
    author: { archetype: "bee" },
  },
  {
    title: "Letting go of the old story",
    description: "A meditation for anyone standing at a threshold.",
    contentType: "meditation",
    content:
      "Imagine walking along a path and carrying a bag of old stories about who you are supposed to be.\nAt a bend in the path there is a bench. Put the bag down on it. You can come back for it later if you need it.\nWalk on a few steps and notice how your shoulders feel.",
    tags: ["life transitions", "letting go", "visualisation"],
    status: "approved",
    author: { archetype: "butterfly" },
  },
  {
    title: "Grounding with the 5-4-3-2-1 method",
    description: "The classic anxiety tool, with notes on when it helps most.",
    contentType: "exercise",
    content:
      "Name five things you can see, four you can touch, three you can hear, two you can smell and one you can taste.\nIt works best early, when anxiety is rising rather than at its peak. Practise it when calm so it is there when you need it.",
    tags: ["anxiety", "grounding", "beginners"],
    status: "approved",
    author: "sage",
  },
  {
    title: "From burnout to boundaries",
    description: "A seeker's story of learning to say no without guilt.",
    contentType: "article",
    content:
      "I said yes to everything until my body said no for me. Working with a practitioner, I practised tiny refusals first: a meeting, a favour, a late call.\nEach one felt like a small earthquake. A year later I still say yes a lot, but now I mean it.",
    tags: ["success story", "burnout", "boundaries"],
    status: "approved",
    author: { client: 3 },
  },
  {
    title: "Tuning forks: a beginner's guide",
    description: "What the different frequencies are used for and how to start.",
    contentType: "article",
    content:
      "Weighted forks are placed on the body and felt as vibration; unweighted forks are held near the ears and heard.\nStart with one fork and short sessions. Notice how you feel afterwards rather than chasing a particular result.",
    tags: ["sound healing", "tools", "beginners"],
    status: "approved",
    author: { archetype: "hummingbird" },
  },
  {
    title: "Evening wind-down yoga",
    description: "Twelve minutes of floor poses to close the day.",
    contentType: "video",
    content:
      "Child's pose, supine twist, legs up the wall and a long rest. Each pose is held for about two minutes with slow breathing.\nDim the lights and keep your phone in another room.",
    tags: ["yoga", "sleep", "evening routine"],
    status: "approved",
    author: { archetype: "butterfly" },
  },
  {
    title: "Shadow letters",
    description: "Write to the part of you that you keep hidden.",
    contentType: "exercise",
    content:
      "Write a letter to a part of yourself you usually push away: the jealous one, the lazy one, the angry one.\nAsk what it wants to protect you from. Then let it write back. Keep the letters somewhere private.",
    tags: ["shadow work", "journaling", "integration"],
    status: "approved",
    author: { archetype: "beetle" },
  },
  {
    title: "Forest bathing at home",
    description: "Bring the calm of a forest walk into a small flat.",
    contentType: "meditation",
    content:
      "Put a plant or a few leaves in front of you. Look at one leaf for a full minute: its veins, its edges, the light on it.\nClose your eyes and imagine the leaf on its tree, the tree in its forest, the forest breathing with you.",
    tags: ["nature", "mindfulness", "urban"],
    status: "approved",
    author: { client: 4 },
  },
  {
    title: "What I learned hosting my first circle",
    description: "Practical notes for facilitators starting community circles.",
    contentType: "article",
    content:
      "Keep the first circle small: six people is plenty. Start and end on time, and open with a simple round of names and one word for how you arrive.\nSilence is not a problem to fix. People will speak when they are ready.",
    tags: ["facilitation", "community", "circles"],
    status: "approved",
    author: "sage",
  },
  {
    title: "Humming for the vagus nerve",
    description: "A two-minute practice you can do anywhere.",
    contentType: "audio",
    content:
      "Breathe in through the nose and hum on the out-breath, feeling the vibration in your face and chest.\nTen rounds are enough. Many people find their heart rate slows within a minute.",
    tags: ["nervous system", "breathwork", "quick reset"],
    status: "approved",
    author: { archetype: "hummingbird" },
  },
  {
    title: "I finally booked the session",
    description: "Overcoming the fear of asking for help.",
    contentType: "article",
    content:
      "I read profiles for three months. In the end I picked the practitioner whose bio made me feel calm, not the most impressive one.\nThe first session was gentle and ordinary, and that was exactly what I needed.",
    tags: ["success story", "first session"],
    status: "approved",
    author: { client: 0 },
  },
  {
    title: "Progressive muscle relaxation",
    description: "Tense and release, from toes to forehead.",
    contentType: "exercise",
    content:
      "Tense the muscles of your feet for five seconds, then release for ten. Move up through calves, thighs, belly, hands, arms, shoulders and face.\nNotice the difference between tension and release; that contrast is the lesson.",
    tags: ["relaxation", "sleep", "stress relief"],
    status: "approved",
    author: { archetype: "bee" },
  },
  {
    title: "Drumming to come back to the body",
    description: "A steady frame drum rhythm for grounding after intense work.",
    contentType: "audio",
    content:
      "A single frame drum at a steady heartbeat pace for fifteen minutes. Sit or lie down and let the rhythm hold you.\nSome listeners like to tap along on their thighs for the first few minutes.",
    tags: ["sound healing", "grounding", "shamanic"],
    status: "approved",
    author: { archetype: "beetle" },
  },
  {
    title: "Gratitude walk",
    description: "A short walking practice for low days.",
    contentType: "meditation",
    content:
      "Walk for ten minutes and silently name one thing you are grateful for at every corner or every hundred steps.\nOn hard days the list can be tiny: warm socks, a bird, the bus being on time.",
    tags: ["gratitude", "walking meditation", "mood"],
    status: "approved",
    author: { client: 7 },
  },
  {
    title: "Chair massage for your partner",
    description: "A video guide to a five-minute shoulder massage.",
    contentType: "video",
    content:
      "Stand behind the chair, rest your hands on the shoulders and breathe together for a moment.\nKnead the tops of the shoulders slowly, then use your thumbs either side of the spine. Always ask about pressure.",
    tags: ["massage", "partners", "self-care"],
    status: "approved",
    author: { archetype: "bee" },
  },
  {
    title: "Mapping your transition",
    description: "A worksheet for anyone between chapters of life.",
    contentType: "exercise",
    content:
      "Draw three columns: what I am leaving, what is uncertain, what I am moving towards. Fill them without judging.\nReturn to the page every week and notice what moves from the middle column to the right.",
    tags: ["life transitions", "planning", "journaling"],
    status: "approved",
    author: { archetype: "butterfly" },
  },
  {
    title: "Candle gazing for focus",
    description: "Trataka, a traditional concentration practice.",
    contentType: "meditation",
    content:
      "Place a candle at eye level about an arm's length away. Gaze softly at the flame without straining, blinking when you need to.\nClose your eyes and watch the afterimage until it fades. Start with three minutes.",
    tags: ["focus", "meditation", "candle"],
    status: "pending",
    author: { client: 7 },
  },
  {
    title: "Cold water and the stress response",
    description: "A careful look at cold exposure for beginners.",
    contentType: "article",
    content:
      "A thirty-second cool finish to a warm shower is plenty to start. Breathe slowly through it; the breath is the practice, the cold is the teacher.\nSkip it if you have heart conditions and talk to your doctor first.",
    tags: ["cold exposure", "stress", "resilience"],
    status: "pending",
    author: { archetype: "hummingbird" },
  },
  {
    title: "A year of Sunday resets",
    description: "How a weekly hour of planning and rest changed my weeks.",
    contentType: "article",
    content:
      "Every Sunday afternoon I spend an hour on three things: a walk, a look at the week ahead, and one small kindness for future me.\nFifty-two Sundays later my weeks feel less like something that happens to me.",
    tags: ["success story", "routine", "planning"],
    status: "pending",
    author: "clara",
  },
  {
    title: "Walking meditation in the city",
    description: "Turning the commute into practice.",
    contentType: "meditation",
    content:
      "Match your steps to your breath: two steps in, three steps out. At every crossing, pause and feel your feet. Notice one sound, one colour and one smell before you move on.",
    tags: ["walking meditation", "urban", "mindfulness"],
    status: "pending",
    author: { client: 3 },
  },
  {
    title: "Grief comes in waves: notes from a support circle",
    description: "What a year of holding space for grieving people has taught me.",
    contentType: "article",
    content:
      "Grief does not move in stages so much as tides. Circles help because they make the waves visible: you see someone else surface and you remember that you will too. Bring a photo, a story, or nothing at all.",
    tags: ["grief", "community", "support circle"],
    status: "pending",
    author: { archetype: "beetle" },
  },
];
