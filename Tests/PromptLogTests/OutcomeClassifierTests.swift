import Foundation
import Testing
@testable import PromptLog

/// The classifier, phrase by phrase. Each row is a first OUTCOME bullet as people write it.
@Suite struct OutcomeClassifierTests {
    static let hits: [String] = [
        "Worked first try.",
        "Worked first try. Dropped to 38ms median on iPhone 13.",
        "worked first time",
        "WORKED FIRST TRY!!!",
        "First try!",
        "One-shot.",
        "one shot",
        "Oneshotted it",
        "Nailed it.",
        "Nailed it first time",
        "✅",
        "✅ works",
        "✔️ Done, exactly what I wanted",
        "👍",
        "Worked in one go",
        "In a single prompt",
        "Perfect.",
        "Flawless, no edits needed",
        "Worked out of the box",
        "Worked straight away",
        "Worked.",
        "Works   ",
        "Solved it.",
        "Success",
        "Yes!",
        "Got it right on the first attempt",
        "Spot on",
        "It’s perfect",
        "Worked without tweaks",
        "Worked first try, no follow-ups",
        "Worked first go; tests pass",
        "Tests pass",
        "hit",
        "Hit: 38 ms median",
        "Correct answer on 1st try",
        "Great, as expected",
        "Worked. Dropped from 180 ms to 38 ms.",
        "Did not fail",
        "No issues",
        "It’s what I needed",
        "🎉 first try",
        "Worked in 1 turn",
        "LGTM",
        "👌",
        "Did the job",
        "zero-shot",
        "No follow-ups needed",
        "Didn't need any follow-ups",
    ]

    static let partials: [(String, Int?)] = [
        ("Worked after 3 turns.", 3),
        ("Worked after 2 turns.", 2),
        ("Worked after 12 turns.", 12),
        ("worked, but only after 4 turns", 4),
        ("didn't work first try; worked on the second", 2),
        ("Didn’t work first try; worked on the second", 2),
        ("third turn", 3),
        ("Got it on the third try", 3),
        ("Took two rounds", 2),
        ("Took 3 tries", 3),
        ("Worked after three turns", 3),
        ("Second attempt worked", 2),
        ("worked on the 2nd try", 2),
        ("Worked (3rd turn)", 3),
        ("Solved in 2 turns", 2),
        ("Had to ask twice", 2),
        ("Didn't work until the third try", 3),
        ("Failed first try, worked on the second", 2),
        ("✅ after 2 turns", 2),
        ("partially", nil),
        ("Partially worked", nil),
        ("Partly.", nil),
        ("Mostly worked; missed the edge case", nil),
        ("Worked with minor tweaks", nil),
        ("Worked with some edits", nil),
        ("Eventually worked", nil),
        ("Finally got there", nil),
        ("Got there in the end", nil),
        ("Worked after a few more tries", nil),
        ("After a couple of rounds it worked", nil),
        ("Worked after some back-and-forth", nil),
        ("Worked after a follow-up", 2),  // one follow-up
        ("Needed a nudge", 2),
        ("Not first try, but it worked", nil),
        ("Not quite", nil),
        ("Didn't quite work", nil),
        ("Failed at first, then worked", nil),
        ("Worked after I added the schema", nil),
        ("Kind of worked", nil),
        ("Almost", nil),
        ("🟡", nil),
        ("Partial: needed 3 turns", 3),
        ("partial", nil),
        ("Worked after more turns.", nil),
        ("Worked. Took 3 turns though.", 3),
        ("Worked first try, not perfect though", nil),
        ("Had to rephrase", nil),
        ("Worked after one follow-up", 2),
        ("Worked after 1 turn.", nil),
        ("2 follow-ups", 3),
        ("first prompt was too vague; second one nailed it", 2),
        ("Worked, with caveats", nil),
        ("Worked great after adding the file", nil),
        ("Worked after a retry", 2),
        ("Worked, needed to fix imports", nil),
        ("Partially: the test was wrong.", nil),
        ("Partly: 2 turns, then it failed", 2),
        ("Fixed it myself", nil),
        ("Yes, after 2 tries", 2),
        ("It was wrong the first time, right the second", 2),
        ("Failed twice then worked", 2),
        ("Succeeded after 4 attempts", 4),
        ("worked in 3 messages", 3),
        ("Worked-ish", nil),
        ("so-so", nil),
        ("after 3 or 4 tries", nil),
        ("Worked with a hint", nil),
        ("Worked after giving it more context", nil),
        ("Good after edits", nil),
        ("Needed more context", nil),
        ("Worked on try #3", 3),
        ("turns: 3", 3),
        ("Reprompted twice, then it worked", 3),
        ("Worked after some prompting", nil),
        ("third time's the charm", 3),
        ("Fixed the rest by hand", nil),
    ]

    /// Misses, with the turns tried where the text states them.
    static let misses: [(String, Int?)] = [
        ("Failed: the model invented an API", nil),
        ("Failed: it worked in the REPL but not in the app", nil),
        ("Failed.", nil),
        ("failed", nil),
        ("Didn't work.", nil),
        ("didnt work", nil),
        ("Did not work at all", nil),
        ("Doesn't compile", nil),
        ("No luck", nil),
        ("no luck.", nil),
        ("No dice", nil),
        ("Gave up", nil),
        ("Gave up after 5 turns", 5),
        ("Giving up on this one", nil),
        ("❌", nil),
        ("❌ hallucinated a method", nil),
        ("👎", nil),
        ("Nope", nil),
        ("No.", nil),
        ("Wrong answer", nil),
        ("Hallucinated the API", nil),
        ("Useless", nil),
        ("Never got it to work", nil),
        ("Nothing worked", nil),
        ("Broken", nil),
        ("Still broken after 3 tries", 3),
        ("Dead end", nil),
        ("miss", nil),
        ("Miss - wrong file", nil),
        ("Not what I wanted", nil),
        ("Crashed on launch", nil),
        ("Waste of time", nil),
        ("No luck after 3 rounds", 3),
        ("Could not solve", nil),
        ("didn't help", nil),
        ("Model refused", nil),
        ("failed twice", 2),
        ("Gave up after 1 turn", 1),
        ("Nah", nil),
        ("Made up a flag", nil),
        ("Scrapped it", nil),
        ("Reverted", nil),
        ("Not even close", nil),
        ("no (3 turns)", 3),
        ("Never got it working", nil),
        ("abandoned, wrote it myself", nil),
        ("Gave up, did it by hand", nil),
        ("Nice idea, but it didn't compile", nil),
        // Once unclassified; a blind writer (phrasings-7.tsv) labelled "close but no" a miss: `no`
        // standing alone after `but` denies the whole.
        ("Close, but no", nil),
        // Building is no verdict: the failure beside it is.
        ("Compiles but crashes", nil),
        ("Compiles but freezes the UI", nil),
    ]

    static let unclassifiedTexts: [String] = [
        "Meh",
        "?",
        "TBD",
        "Interesting answer",
        "First try failed",
        "Didn't work first try",
        "Worked but broke the build",
        "Partially failed",
        "Partially, it failed",
        "Dropped to 38ms median",
        "🤷",
        "✅ ❌",
        "Interesting answer, need to check it on device.",
        "Mixed feelings about the naming.",
        "Saved the reply for later.",
        "Works?",
        "Did it fail?",
        "Will retry tomorrow",
        "Good question though",
        // A count alone says how many turns, not how they ended.
        "2 rounds", "3 turns.", "(two tries)", "x3", "four prompts",
    ]

    @Test(arguments: hits)
    func hit(_ text: String) {
        #expect(OutcomeClassifier.classify(text: text) == .hit, "\(text)")
    }

    @Test(arguments: partials)
    func partial(_ text: String, _ turns: Int?) {
        #expect(OutcomeClassifier.classify(text: text) == .partial(turns), "\(text)")
    }

    @Test(arguments: misses)
    func miss(_ text: String, _ turns: Int?) {
        #expect(OutcomeClassifier.classify(text: text) == .miss(turns), "\(text)")
    }

    @Test(arguments: unclassifiedTexts)
    func unclassified(_ text: String) {
        #expect(OutcomeClassifier.classify(text: text) == .unclassified, "\(text)")
    }

    @Test func noneWhenNoOutcome() {
        #expect(OutcomeClassifier.classify(text: nil) == .none)
        #expect(OutcomeClassifier.classify(text: "") == .none)
        #expect(OutcomeClassifier.classify(text: "   \t") == .none)
        #expect(OutcomeClassifier.classify(text: "\r\n") == .none)
        #expect(OutcomeClassifier.classify(text: " . ") == .unclassified)
    }

    /// The tokenizer folds a phrase's earlier words, one token each, into one: a phrase that began
    /// with another (`got nothing` and `got nothing usable`) would fold a token too many.
    @Test func noPhraseBeginsWithAnother() {
        let phrases = Tokenizer.phrases.map(\.words)
        for p in phrases {
            for q in phrases where q.count < p.count && Array(p.prefix(q.count)) == q {
                Issue.record("\(p) begins with the phrase \(q)")
            }
        }
    }

    @Test func atLeastSixtyPhrasings() {
        #expect(Self.hits.count + Self.partials.count + Self.misses.count + Self.unclassifiedTexts.count >= 60)
    }

    /// What `plog outcome --hit`, `--partial --turns N` and `--miss TEXT` write.
    @Test func canonicalFormsRoundTrip() {
        #expect(OutcomeClassifier.classify(text: "Worked first try.") == .hit)
        for n in 2...30 {
            let text = "Worked after \(n) turns."
            #expect(OutcomeClassifier.classify(text: text) == .partial(n), "\(text)")
            #expect(OutcomeClassifier.classify(text: text + " needed the schema") == .partial(n), "\(text)")
        }
        // --partial --turns 1: partial, but one turn is what a hit takes, so the count is not kept.
        #expect(OutcomeClassifier.classify(text: "Worked after 1 turn.") == .partial(nil))
        #expect(OutcomeClassifier.classify(text: "Partly worked.") == .partial(nil))
        #expect(OutcomeClassifier.classify(text: "Partly worked. the tests still fail") == .partial(nil))
        #expect(OutcomeClassifier.classify(text: "Failed.") == .miss)
        #expect(OutcomeClassifier.classify(text: "Worked first try. exactly") == .hit)
        for reason in ["", "x", "worked on the second try", "no luck", "✅ first try"] {
            #expect(OutcomeClassifier.classify(text: "Failed: " + reason) == .miss(nil), "\(reason)")
        }
    }

    /// Every bullet `plog outcome` can write (OutcomeAppender.bullet) reads back as the verdict
    /// asked for, with the turns asked for, whatever words follow, except where a note after
    /// `Worked first try.` says failure or takes it back.
    @Test func everyCanonicalBulletReadsBack() {
        // Words that state no count: the turns are exactly those of the verdict.
        let plain = ["", "x", "needed the schema", "✅ first try", "partially", "TBD", "worked in the REPL, not in the app",
                     "🤷", "close, but the tests pass", "line one\n  line two", "**bold**", "ran out of time to check",
                     "not sure", "🤷", "unclear"]
        // Words that say it failed, or take back what came before: after `Worked first try.`, the
        // writer contradicts the flag, and the bullet is open; after the other openings they agree
        // (or tell of the turns before: "Worked after 3 turns. failed twice").
        let takingBack = ["no luck", "gave up", "Nope", "❌", "Failed.", "did not work: timed out", "NOT", "wasn't",
                          "... not.", "in its head", "looked right, wasn't", "wrote it myself instead",
                          "prod is still broken", "failed twice", "gave up after 4 turns",
                          "Actually no, it was the old build running."]
        // Words that state a count of their own: the verdict must hold; hits and stated partials keep theirs.
        let counting = ["worked on the second try", "failed twice", "took 3 tries", "after 1 turn", "2-3 turns",
                        "gave up after 4 turns", "(5 turns)", "third attempt", "one-shot"]
        var checked = 0
        for words in plain + takingBack + counting {
            let states = counting.contains(words)
            let takesBack = takingBack.contains(words)
            func check(_ verdict: OutcomeAppender.Verdict, _ expected: Classification) {
                let bullet = OutcomeAppender.bullet(verdict: verdict, text: words)
                let got = OutcomeClassifier.classify(text: bullet)
                checked += 1
                if takesBack && expected.verdict == .hit {
                    #expect(got == .unclassified, "\(bullet.debugDescription) is \(got)")
                } else if states && (expected.verdict == .miss || expected == .partial(nil)) {
                    #expect(got.verdict == expected.verdict, "\(bullet.debugDescription) is \(got)")
                } else {
                    #expect(got == expected, "\(bullet.debugDescription) is \(got)")
                }
            }
            check(.hit, .hit)
            check(.miss(turns: nil), .miss(nil))
            check(.partial(turns: nil), .partial(nil))
            // --turns 1 is partial, but one turn is a hit's count, so none is kept.
            check(.partial(turns: 1), .partial(nil))
            for n in Array(2...120) + [999, 1000, 9999, 10000, 123_456, Int(Int32.max), Int.max] {
                check(.partial(turns: n), .partial(n))
                check(.miss(turns: n), .miss(n))
            }
            check(.miss(turns: 1), .miss(1))
        }
        #expect(checked == (15 + 16 + 9) * (130 + 127))
    }

    /// `Worked first try.` with a note that says failure or takes it back, or a count of more than
    /// one in brackets after it, is open: six blind writers labelled such bullets unclassified. A note that agrees, qualifies or tells of
    /// something else leaves the opening the verdict.
    @Test func noteThatTakesBackFirstTry() {
        for text in ["Worked first try. Didn't work.", "Worked first try. Actually no, broke prod?\n  Or maybe that was the other PR.",
                     "Worked first try. Actually no, it didn't. Or did it? Need to retest.",
                     "Worked first try. Also didn't work at all? Need to recheck.", "Worked first try. NOT",
                     "Worked first try. Wrote it myself instead.", "Worked first try (after 3 attempts).",
                     "Worked first try / had to redo everything.", "Worked first try. Then I redid it."] {
            #expect(OutcomeClassifier.classify(text: text) == .unclassified, "\(text)")
        }
        for text in ["Worked first try. Not bad.", "Worked first try. No issues.", "Worked first try. Did not fail.",
                     "Worked first try. Took some edits by hand.", "Worked first try. Honestly better than what\n  I would have written.",
                     "Worked first try (no edits)."] {
            #expect(OutcomeClassifier.classify(text: text) == .hit, "\(text)")
        }
        #expect(OutcomeClassifier.classify(text: "Worked after 3 turns. The first two were way off") == .partial(3))
        #expect(OutcomeClassifier.classify(text: "Failed: worked on the second try in the REPL") == .miss(nil))
    }

    /// Read from heldout-15 to heldout-109 after they were measured: words of success (`smooth`,
    /// `handled`, `ship it`, `untouched`, Japanese `そのまま`, `修正なし`), of a flaw
    /// (`meaningless`), of help (`patching`, `re-prompt`, `regenerate`, `on the retry`, Dutch
    /// `aanwijzingen`, French `il a fallu`, `bon début`, German `weiteren`), of giving up (`fell
    /// back`, `Skipped.` after what the answer was, `Stopped after 8.`), of doubt (`still
    /// checking`), sarcasm that says the failure would come again, a success that did nothing
    /// (`fixed nothing`), a measure (`10x slower`), success undone with no reason given, `wtf` at a
    /// hit, `hmm` as an opening, `it's a start`, a claim denied (`It insisted ... It wasn't.`),
    /// `some of it`, `still TODO`, `had to correct it twice` (follow-ups), `Kinda worked?` (a part,
    /// asked), `okayish`, `70% of it`, `zero progress`, `if you enjoy` (sarcasm), Japanese
    /// `うまくいかなかった`, `動かず` and `3回` (three times), `or not` (doubt), `one more prompt` at
    /// the start (two turns), `saved me` (success), `with the fixes`, `not drop-in` (a
    /// restriction), `quit` (giving up), `doesn't handle`, `tried it once`, `never got the X right`,
    /// `still can't`, `the cases I listed` (what was asked), `with caveats:` before what it lacks,
    /// `Needed to` opening a sentence (the user's work), a count after `Eventually.`, French `rien
    /// de bon`, Japanese `無理`, `better than what I'd have written`, `prodding` (help), `didn't
    /// match`, `try number three`, `asked once more`, `added the missing test` (what was missing,
    /// added), `barely` (a part), `no changes 🚀`, `if you wanted` (sarcasm), Chinese `三次` inside a
    /// word, `Build time dropped` (a measure), `kept the old implementation` after giving up (the
    /// user's own), `never finished`, `abandonned`, `ok` beside a count (the last try worked), `and
    /// one more` after a count, 👏 after praise beside a deed told plainly (a slow clap),
    /// `investigating` (doubt), `without changes 🎉`, `(twice)` after a follow-up, `I stopped:`,
    /// `convinced` (a claim), `every try (3)`, `hack` (a flaw), `great job` before a failure
    /// (sarcasm), `not at all` after a part, `ok` beside a count and a failure of another try, a
    /// feeling after a degree (`almost suspicious`), `after the follow-up` (two turns), a claim then
    /// `Gave up.`, `not bad at all`, questions asked both ways, `using its approach`, `0/10` (a
    /// rating, no count), `sorted`, `gg`, `gibberish`, the cause after `not sure why`, `after some
    /// back and forth` (more turns, not a part), praise then a success denied (sarcasm), French
    /// `aucune ... ne`, a count after `tried once` or after a retraction, a count in digits inside
    /// a Chinese word, German `kommt auf` (doubt), `I didn't want` (something unwanted), `didn't do
    /// what I wanted`, time `spent` (no verdict, and not nothing; then `Nothing.` a miss), `not sure I
    /// understand why` (the cause), follow-ups listed in brackets, `on retry`, `follow-up #2`,
    /// `closed the tab` (gave up), Portuguese `inventou`, `Needed one fix:`, `doesn't address`,
    /// `off-topic`, `lost`, `it rephrased` (the answer's doing), building beside a failure after
    /// turns, a failure a hedge leaves possible after a success (doubt), `with a warning`, `eh,`,
    /// `completely ignored`, `2 failed attempts`, `Close.` then the user's fix, the reason for a
    /// feeling after a success, `Bug still there`, `arguing` (help), praise of a failure as
    /// `10/10 hallucination`, `exactly it`, `DNF`, `don't tell anyone`, `gud enough`, `hard pass`,
    /// German `kommt drauf an`, `dreimal`, `zweimal nachgefragt`, `follow-up fixed it`, `as given`,
    /// `ask again`, German `manuell`, `yanked`, `forgot` (a shortfall, not after `I`), a failure on
    /// the first try and no other (a miss after the tries listed), `not a single fix` (none needed),
    /// `wrk`, `crack`, `thanks for` a failure (sarcasm), `needs love`, `gets the idea`, a repeat
    /// not needed (`didn't need to explain it twice`), `reminders` (follow-ups), praise taken back
    /// in brackets, numbered parts (`part 1 fine, part 2 garbage`), `no comment` (the writer
    /// declines to say), `unable to`, `never managed to`, what it was asked not to do, `say for
    /// myself` (no work of the user's), a try `not worth` making, `helpful for the` part, German
    /// `nichts` and `kompiliert`, `twice had to remind`, `just the` part, `I stopped` after a count,
    /// `has no clue`, `introduced a warning`, a success `for the` part a later failure is of
    /// another, `did most of`, `a follow-up or two` (no number), a manner a denial reaches
    /// (`didn't handle it correctly`), `it just rewrote` (the answer's doing), Japanese `半分`,
    /// `it told me` before what it said (a claim), `tryed`, `clueless`, `why didn't I think of that`
    /// (sarcasm), `but also it wasn't` (both at once), `I threw at it`, undoing after scare quotes,
    /// `Or was it.` (doubt), `kept it in` (stored, not used), `no` after 🙃, `unless it doesn't`
    /// (both at once), `every single time` (no count), a failure of what was asked (`which turned
    /// out to be the wrong thing`), `wasn't able to`, Spanish `sin cambios` and `correcciones`,
    /// `tried 3x` after a follow-up (the tries), German `keiner`, `is another question` (doubt),
    /// German `halb` and `halbwegs` (a part), `re-prompts` and `followed up` (follow-ups), the
    /// turns before a retraction (`Tried 6 times. Nothing.`), `ignored the constraints`, `two out of
    /// three` (a part), praise in scare quotes between turns and giving up, what was fixed listed
    /// after a dash, `lucky` (success), percentages `from` and `to` (a measure), `hated`, Spanish
    /// `lo dejé`, the user's own failing (`which I always get wrong myself`), `after a round of
    /// edits`, `this kind of` thing (no degree), a run anywhere in the clause of `twice`, German
    /// `nach einer`, Dutch `bijsturen`, Spanish `retocar`, `trash`, `fiction` (a failure), `the 1st
    /// one` of the tries counted, `followups: 2`, `reverting`, `0 for 3`, 🤡 (sarcasm), a success
    /// denied of another named part (`the backend didn't work`), success asked then
    /// partly denied (`Kinda worked? Kinda didn't.`), a bare name before the verb it denies
    /// (`rollback doesn't`), `maybe` before an amount (an estimate), `msg`, `mostley`, `fixd`, Dutch
    /// `een`, `a no from me`, `checking again` (a check not made), Spanish `más` after the noun,
    /// `needed just one`, Dutch `nee` and `niks`, `with the usual cleanup`, `annoyed` (a feeling),
    /// `declined`, `mostyl`, Italian `aggiustamenti`, a success word after `never got it to` (what it
    /// failed at), `wasting`, `with one change`, `with some help`, writing it anew after `not quite` (a
    /// miss), Japanese `ターン目` and `度目`, `don't ask how many` tries, Dutch `keer` and `totaal mis`,
    /// `Worked first try!` (the user's words, not the label), `didn't have better` (no praise), success
    /// after a failure and `so I` (`so I shipped it`: open), praise after `wow` or `oh` beside a deed
    /// (sarcasm), Spanish `tras`, `rework`, `out of its depth`, `take two`, the user solving or fixing
    /// it after the answer failed (a miss), `not the issue`, `except it didn't do anything I asked`
    /// (both at once), `worked there` after switching to another model (a miss), `ftw` (success),
    /// `neded`, `failed to compile` (no success), German `totaler Mist`, French `toujours faux`, `lost
    /// count` (many turns, no failure), `the first three` after a count (the tries before the last),
    /// `fixed it.` after praise of a part and a failure (the user's fix), `fixed the crash` (the
    /// failure is what was fixed), `with some hand edits`, French `allers-retours`, `the test still
    /// flakes` beside success (something left over), `no it wasn't` (a retraction), a fix after `so
    /// close.`, 👏 after `except it didn't`, `second was perfect`, a bare count after `after` (`no dice
    /// after 2`), `x86` (no count), Spanish `me rendí`, `say otherwise`, `polish`, `workd`, `wroks`,
    /// `chnages`, Japanese `断念` and `通らず`, `had to read it twice` (the user's reading, no turns),
    /// German `Korrektur`, and words of Portuguese, Chinese, German, Dutch, Spanish and French.
    @Test func phrasingsOfTheLastRound() {
        for (text, expected) in [
            ("Smooth.", Classification.hit),
            ("Works, but the test it wrote is meaningless; rewrote the test.", .partial(nil)),
            ("Gets the job done with some manual patching.\n  Not pretty.", .partial(nil)),
            ("It handled the happy path; I added the retry\n  logic and error states myself.", .partial(nil)),
            ("Bon début, mais il a fallu\n  corriger les tests à la main.", .partial(nil)),
            ("Werkte na een paar aanwijzingen.", .partial(nil)),
            ("Funcionou depois de um ajuste manual.", .partial(nil)),
            ("Funcionou depois de uma correção.", .partial(2)),
            ("Nach zwei weiteren Prompts lief es.", .partial(3)),
            ("Had to regenerate twice, third output was good.", .partial(3)),
            ("OK but I had to re-prompt once with the schema", .partial(2)),
            ("Fell back to Stack Overflow.", .miss),
            ("10/10 would hallucinate again", .miss),
            ("hit or miss, honestly", .unclassified),
            // heldout-17
            ("ship it", .hit), ("Straight into main, untouched.", .hit),
            ("最初のプロンプトでそのまま動いた。\n  修正なし。", .hit), ("修正が必要だった", .partial(nil)),
            ("Right answer on the retry.", .partial(2)),
            ("Answer was for Python 2. Skipped.", .miss), ("Skipped", .unclassified),
            ("Sadly no. The query was 10x slower.", .miss),
            ("brilliant, it renamed every variable and fixed nothing", .miss),
            ("Loop of apologies and the same broken code. Stopped after 8.", .miss(8)),
            ("Worked. Or not — still checking.", .unclassified),
            ("Perfect! Reverted it an hour later.", .unclassified), ("Perfect. Tests are red, reverted.", .miss),
            // heldout-18
            ("WORKED FIRST TIME WTF", .hit), ("wtf is this code", .miss), ("Deu certo de primeira!", .hit),
            ("meh, it's a start", .partial(nil)), ("hmm ok after 2 retries", .partial(3)), ("Hmm.", .unclassified),
            ("基本可用，手动改了几处类型错误。", .partial(nil)), ("不可用", .miss),
            ("Funktioniert größtenteils, Randfälle fehlen noch.", .partial(nil)),
            ("Deels goed, de rest zelf geschreven.", .partial(nil)),
            ("Quase: faltou tratar o erro de timeout, fiz na mão.", .partial(nil)),
            ("It insisted the bug was in my config.\n  It wasn't.", .miss), ("Nada útil, perdí una hora.", .miss),
            // heldout-19
            ("Some of it. Tests for the happy path only.", .partial(nil)),
            ("Works for the main case, edge cases still TODO.", .partial(nil)), ("Ça marche après quelques retouches.", .partial(nil)),
            // heldout-20
            ("Had to correct it twice.", .partial(3)), ("The answer was correct.", .hit), ("Kinda worked?", .partial(nil)),
            ("Works?", .unclassified), ("Okayish. Rewrote the error messages.", .partial(nil)), ("used 70% of it", .partial(nil)),
            ("zero progress after 4 turns", .miss(4)),
            // heldout-21
            ("perfect, if you enjoy infinite loops", .miss), ("Perfect, if you like code that doesn't compile.", .miss),
            ("うまくいかなかった、3回試したけど", .miss(3)),
            // heldout-22
            ("2回試したけど動かず。", .miss(2)), ("Success?? or not. The numbers look off but the tests pass.", .unclassified),
            // heldout-23, heldout-24
            ("hopeless with Bazel", .miss), ("Komplett daneben.", .miss), ("Funcionó a la primera.", .hit),
            ("Fast richtig, Imports von Hand korrigiert.", .partial(nil)),
            // heldout-25
            ("Totally misunderstood what I wanted.", .miss), ("It's fine after ten minutes of cleanup.", .partial(nil)),
            ("Did not work after a couple of follow-ups; rewrote\n  the parser myself.", .miss),
            // heldout-26, heldout-27
            ("Funcionou na terceira tentativa.", .partial(3)), ("better than nothing, needed fixes", .partial(nil)),
            ("Totaler Quatsch, erfundene Methoden.", .miss), ("3回試したが諦めた。", .miss(3)),
            ("Werkte na één extra vraag.", .partial(2)),
            // heldout-28, heldout-29
            ("had to nudge it x2", .partial(3)), ("wrong answer x2", .miss(2)), ("useless for this, as expected", .miss),
            ("Worked as expected.", .hit),
            // heldout-30, heldout-31
            ("one more prompt and it was fine", .partial(2)), ("kept insisting the bug was in my code. it wasn't.", .miss),
            ("useful but not drop-in", .partial(nil)), ("Saved time overall even with the fixes.", .partial(nil)),
            ("Saved me an hour.", .hit), ("Output saved to scratch/notes.md", .unclassified),
            // heldout-32, heldout-33
            ("It kept reverting my fix. Quit after four attempts.", .miss(4)), ("Doesn't handle the actual problem at all.", .miss),
            ("Tried it once, wrong, moved on.", .miss(1)), ("Abandoned after 6 turns,\n  it never got the recursion right.", .miss(6)),
            ("Quatre essais, rien de bon.", .miss(4)), ("3回試したけど無理だった", .miss(3)),
            ("Worked on the first attempt; the regex handles all the edge cases I listed.", .hit),
            ("ten prompts in and it still can't center a div", .miss(10)),
            ("Works, with caveats: doesn't handle the empty-list case.", .partial(nil)),
            ("Not bad. Needed to swap the deprecated call.", .partial(nil)), ("Worked. Eventually. After 7 prompts.", .partial(7)),
            ("Perfect, if I wanted a completely different feature.", .miss),
            // heldout-34, heldout-35
            ("better than what I would have written tbh", .hit), ("After some prodding, yes.", .partial(nil)),
            ("Output didn't match the spec at all.", .miss), ("it got there on try number three", .partial(3)),
            ("Got the algorithm right but it was O(n^2); asked once more and it fixed it.", .partial(2)),
            ("Tried once more, same error.", .miss(2)), ("Exactly right, and it even added the missing test case.", .hit),
            ("Took 6 turns. Ended up with something I could use,\n  barely.", .partial(6)), ("Works, barely.", .partial(nil)),
            ("straight to prod, no changes 🚀", .hit),
            // heldout-36, heldout-37
            ("Super helpful, if you wanted code that doesn't compile.", .miss), ("试了三次都不行，放弃了", .miss(3)),
            ("Gave me the right Dockerfile immediately.\n  Build time dropped too.", .hit),
            ("It kept suggesting deprecated APIs.\n  Gave up and kept the old implementation.", .miss),
            ("Worked first try.\n  Even kept the existing comments.", .hit),
            ("never finished the answer, did it manually", .miss), ("abandonned, too much context needed", .miss),
            ("OK on the 4th attempt.\n  The first three all used the wrong endpoint.", .partial(4)),
            ("Im zweiten Anlauf ok,\n  aber die Tests hab ich selbst geschrieben.", .partial(2)),
            ("Answer was OK but used an outdated API, swapped to the new one manually.", .partial(nil)),
            ("Good start, two follow-ups to fix types\n  and one more for the tests.", .partial(4)),
            ("Brilliant, it rewrote my whole file in Kotlin. In a Swift project. 👏", .miss), ("Worked first try 👏", .hit),
            // heldout-38, heldout-39
            ("tests pass but the output looks wrong?? investigating", .unclassified),
            ("Compiled and ran without changes 🎉", .hit), ("worked after I reminded it (twice) that we use tabs", .partial(3)),
            ("Two rounds, then I stopped: it kept reintroducing\n  the same null deref.", .miss(2)),
            ("It's convinced `useEffect` runs on the server. It doesn't.", .miss), ("Wrong on every try (3).", .miss(3)),
            ("Works, with one hack I'm not proud of.", .partial(nil)), ("Great job inventing a whole new AWS service. 10/10.", .miss),
            ("it did the backend part fine, the frontend part not at all", .partial(nil)),
            ("second attempt ok, first one didn't compile", .partial(2)), ("OK, gave up after 3 tries.", .miss(3)),
            ("it's perfect, i'm almost suspicious", .hit), ("It's fine after the follow-up about timezones.", .partial(2)),
            ("It insisted on using a library we don't have. Gave up.", .miss), ("Not bad at all, used it as-is.", .hit),
            ("Worked? Didn't? The diff is empty and the tests pass anyway.", .unclassified), ("Worked? Yes, first try.", .hit),
            ("Didn't use its approach, wrote my own.", .miss), ("Marked as \"good\" by Alex, I disagree.", .unclassified),
            // heldout-40, heldout-41
            ("0/10", .miss), ("0/3", .miss(3)), ("Sorted.", .hit), ("gg", .hit), ("Output was gibberish for this one.", .miss),
            ("Worked first try, though I'm still not sure\n  why the old code broke.", .hit),
            ("Nope, after some back and forth I gave up.", .miss), ("Oh good, a 400-line answer that doesn't compile.", .miss),
            ("Werkte na één correctie.", .partial(2)), ("Aucune des réponses ne marchait.", .miss), ("Rien ne marchait.", .miss),
            ("Really wanted this to work but after 6 turns\n  I cut my losses.", .miss(6)),
            // heldout-42, heldout-43
            ("Didn't compile. Only tried once, moved on.", .miss(1)),
            ("Kept insisting the bug was in my config.\n  It wasn't. Gave up after 6 prompts.", .miss(6)),
            ("试了4次都不行", .miss(4)), ("Kommt auf die Definition von \"funktioniert\" an.", .unclassified),
            ("Worked but added a dependency I didn't want, ripped it out.", .partial(nil)),
            ("Correct, and it caught a bug I hadn't asked about.\n  Merged as is.", .hit),
            ("It didn't do what I wanted.", .miss), ("Did exactly what I wanted.", .hit),
            ("Spent 20 min on this.", .unclassified), ("Spent an hour on it. Nothing.", .miss),
            ("Perfect. Unusable.", .unclassified), ("Perfect — totally broken.", .unclassified),
            ("Perfect. Tests are red, reverted.", .miss),
            // heldout-44, heldout-45
            ("Worked perfectly, though I'm not sure I understand why.", .hit),
            ("Needed 2 follow ups (missing null check, then wrong return type)", .partial(3)),
            ("Fixed on retry.", .partial(2)), ("Correct after follow-up #2.", .partial(3)),
            ("Closed the tab after the second try.", .miss(2)), ("Inventou uma API que não existe.", .miss),
            // heldout-46, heldout-47
            ("Needed one fix: wrong env var name.", .partial(nil)), ("Doesn't address the actual problem at all.", .miss),
            ("Off-topic answer, ignored the no-new-deps constraint.", .miss),
            ("Brilliant, it rewrote the whole file and lost every comment.", .miss),
            ("Rephrased it, worked.", .partial(2)),
            ("Tried 4 times. Each answer compiled but returned\n  the wrong totals. Wrote it by hand.", .miss(4)),
            // heldout-48, heldout-49
            ("It passed the tests, but the tests might be wrong.", .unclassified),
            ("Worked, with a warning I still need to look at.", .partial(nil)),
            ("Works, with a pile of unused-var warnings I cleaned up.", .partial(nil)), ("eh, usable", .partial(nil)),
            ("COMPLETELY IGNORED THE INSTRUCTIONS", .miss), ("Wrote it by hand after 2 failed attempts.", .miss(2)),
            ("Close. Swapped the sort order myself.", .partial(nil)), ("Close. Wrote it myself instead.", .miss),
            // heldout-50, heldout-51
            ("Worked in one go, which surprised me given last week's mess.", .hit), ("It just worked. Kind of spooky.", .hit),
            ("Suggested fix didn't change anything. Bug still there.", .miss),
            ("Worked straight away; only reviewed it,\n  didn't change anything.", .hit),
            ("worked after twenty minutes of arguing with it", .partial(nil)), ("10/10 hallucination, 0/10 code", .miss),
            ("THIS IS EXACTLY IT", .hit), ("DNF", .miss), ("straight into prod, no edits (don't tell anyone)", .hit),
            ("gud enough, fixed the typos it made lol", .partial(nil)),
            // heldout-52, heldout-53
            ("hard pass", .miss), ("Gut und schlecht, kommt drauf an.", .unclassified),
            ("First answer compiled but was wrong; follow-up fixed it.", .partial(2)),
            ("Funktionierte nicht, die API gibt es gar nicht.\n  Zweimal nachgefragt, dann aufgegeben.", .miss(3)),
            // heldout-54, heldout-55
            ("Took the regex as given, it matches all 40 cases.", .hit), ("Had to ask again with the full file, then it got it.", .partial(2)),
            ("Hat fast funktioniert, Imports manuell korrigiert.", .partial(nil)),
            ("oh good, it imported a crate that was yanked in 2021", .miss),
            ("It got the migration right but forgot the rollback. Added it.", .partial(nil)),
            ("Exactly right, even handled the nil case I forgot to mention.", .hit),
            // heldout-56, heldout-57
            ("Failed on the first attempt and I didn't retry.", .miss(1)), ("failed on the first try and the second", .miss(2)),
            ("No luck on the first try, or the 2nd, or the 3rd. Giving up.", .miss(3)), ("Didn't work first try", .unclassified),
            ("Not a single fix needed.", .hit), ("doesnt wrk", .miss), ("Couldn't crack it in 2 rounds, gave up.", .miss(2)),
            ("Wow, thanks for deleting my tests, very helpful.", .miss), ("gets the idea, code needs love", .partial(nil)),
            ("Worked. Didn't even need to explain the schema twice.", .hit), ("Worked after two reminders.", .partial(3)),
            ("Perfect!!! (it wasn't)", .miss), ("part 1 fine, part 2 garbage", .partial(nil)), ("no comment", .unclassified),
            // heldout-58, heldout-59
            ("Was unable to get it to compile.", .miss), ("Never managed to get it to compile.", .miss),
            ("It used the library I asked it not to use.", .miss),
            ("Regex was right the first time, which is more than I can say for myself.", .hit),
            ("Looked right, crashed on launch.\n  Not worth another round, rewrote it.", .miss),
            ("Helpful for the outline; wrote the actual code by hand.", .partial(nil)),
            ("Drei Versuche, nichts davon kompiliert.", .miss(3)),
            ("Twice had to remind it about the Result type. Works now.", .partial(3)),
            ("so close!! just the timezone math was wrong, patched it", .partial(nil)),
            ("after the 6th try I stopped and read the docs", .miss(6)), ("It has no clue about our schema.", .miss),
            ("Fixed the crash, introduced a warning. Fine.", .partial(nil)),
            ("Works for the list view. Detail view still\n  crashes on rotation.", .partial(nil)),
            ("worked perfectly, in the demo. prod is still broken", .miss),
            // heldout-60, heldout-61
            ("Did most of the migration, missed the Core Data model bump.", .partial(nil)),
            ("needed a follow-up or two", .partial(nil)), ("needed a nudge", .partial(2)),
            ("Unfortunately it didn't handle the concurrency correctly; reverted.", .miss),
            ("半分くらいは使えた", .partial(nil)),
            ("It told me it's impossible. It isn't.", .miss), ("it told me to \"check the logs\"", .unclassified),
            ("didnt work, tryed again, still didnt", .miss(2)), ("Model was clueless about SwiftData.", .miss),
            // heldout-64, heldout-65
            ("Oh sure, just mock the entire database, why didn't I think of that. Rejected.", .miss),
            ("It was fine but also it wasn't.", .unclassified), ("It compiled! It also did nothing.", .miss),
            ("Spot on — the regex handles all the edge cases\n  I threw at it.", .hit),
            ("Brilliant, it \"fixed\" the bug by removing the feature.\n  Reverted.", .miss),
            ("Worked! Actually no, that was the old build. Or was it.", .unclassified),
            // heldout-66, heldout-67
            ("Kept it in the scratch folder.", .unclassified), ("Kept it, works.", .hit), ("🙃 no", .miss),
            ("It works, unless it doesn't — can't reproduce the original bug either way.\n  Leaving this open.", .unclassified),
            ("works, but not unless you restart", .partial(nil)), ("Polite but wrong, every single time. Gave up.", .miss),
            ("Did exactly what I asked, which turned out to be the wrong thing.", .unclassified),
            ("Did what I asked, but the tests are wrong.", .partial(nil)),
            // heldout-68, heldout-69
            ("wasn't able to get a working version, moved on", .miss), ("Not able to get it to compile.", .miss),
            ("Sin cambios, directo a producción.", .hit), ("Funcionó después de un par de correcciones.", .partial(nil)),
            ("couldnt do it even with the docs pasted in (tried 3x)", .miss(3)), ("had to nudge it x2", .partial(3)),
            ("Drei Versuche, keiner kompiliert.\n  Am Ende von Hand geschrieben.", .miss(3)),
            ("it compiles. whether it's right is another question", .unclassified),
            // heldout-70, heldout-71
            ("Halb funktioniert.\n  Die Tests liefen, die Migration nicht.", .partial(nil)),
            ("Funktioniert halbwegs.", .partial(nil)),
            // heldout-80, heldout-81
            ("Worked after two re-prompts, first with the error, then with the config.", .partial(3)),
            ("Tried 6 times. Nothing.", .miss(6)), ("Ignored the constraints entirely.", .miss),
            ("tried twice,\n  both answers ignored the constraint. moved on.", .miss(2)),
            ("Two out of three functions were correct.", .partial(nil)),
            ("Followed up once about pagination; fine after that.", .partial(2)),
            ("Tried 3 times. Each time it \"fixed\" the test\n  by deleting the assertion. Gave up.", .miss(3)),
            ("Needed fixes — wrong import path and a missing await.", .partial(nil)),
            // heldout-82, heldout-83
            ("failed twice, third time lucky", .partial(3)), ("Test coverage went from 41% to 78%, nice.", .hit),
            ("Compiles, tests pass, reviewer hated it.", .unclassified),
            ("Lo intenté cuatro veces\n  y al final lo dejé.", .miss(4)),
            // heldout-84, heldout-85
            ("worked right away, even the weird bash quoting\n  which I always get wrong myself.", .hit),
            ("Usable after a round of edits by me.", .partial(nil)),
            ("Worked on the first attempt, as usual for this kind of boilerplate.", .hit),
            ("Funktioniert nach einer Rückfrage, aber die Tests\n  musste ich selbst schreiben.", .partial(2)),
            ("LGTM, ran the suite\n  twice, all green.", .hit), ("abandonded", .miss),
            ("Na wat bijsturen werkte het.", .partial(nil)), ("Sirve como punto de partida, pero hubo que retocarlo.", .partial(nil)),
            ("Worked after 3 rounds of edits.", .partial(3)),
            // heldout-86, heldout-87
            ("the UI part is great, the networking part is fiction", .partial(nil)),
            ("took 2 tries, 1st one didn't compile", .partial(2)), ("followups: 2. result: ok", .partial(3)),
            ("Spent an hour going back and forth (~8 prompts), ended up reverting.", .miss(8)),
            ("0 for 3", .miss(3)), ("Zero for four.", .miss(4)),
            // heldout-88, heldout-89
            ("works 🤡", .miss), ("the UI works, the backend didn't work.", .partial(nil)),
            ("Frontend works but the backend doesn't work.", .partial(nil)),
            ("struck out twice, moved on", .miss(2)), ("Kinda worked? Kinda didn't.", .unclassified),
            ("Worked? Mostly, not the tests.", .partial(nil)),
            // heldout-90, heldout-91
            ("Partially. The migration works, rollback doesn't.", .partial(nil)),
            ("Decent scaffold; I rewrote maybe 30%.", .partial(nil)), ("Decent first draft. Rewrote maybe a third of it.", .partial(nil)),
            ("Fine after I told it to stop using deprecated APIs (2nd msg).", .partial(2)),
            ("mostley worked, fixd the rest", .partial(nil)), ("Werkte na een extra prompt.", .partial(2)),
            ("it's a no from me", .miss),
            // heldout-92, heldout-93
            ("Worked first try — wait, no. Checking again later.", .unclassified),
            ("Funcionó después de dos mensajes más,\n  el segundo arregló los imports.", .partial(3)),
            ("took 3 tries more or less", .partial(3)), ("nice, needed just one follow-up", .partial(2)),
            ("Nee, klopt niks van.", .miss), ("Worked, with the usual cleanup.", .partial(nil)),
            ("It got it right immediately, kind of annoyed I didn't ask sooner.", .hit),
            // heldout-94, heldout-95
            ("mostyl fine, fixd imports", .partial(nil)), ("Funziona dopo un paio di aggiustamenti.", .partial(nil)),
            // heldout-96, heldout-97
            ("Never got it to handle timezones correctly. Scrapped.", .miss),
            ("Wrote it myself after wasting an hour on prompts.", .miss),
            ("It worked with one change: swapped `let` for `var`.", .partial(nil)),
            ("Got it working with some help from me.", .partial(nil)),
            ("Unfortunately it didn't quite get there; I ended up writing it myself.", .miss),
            ("3ターン目でやっとOK", .partial(3)), ("3度目で動いた", .partial(3)),
            ("Works now. Don't ask how many tries.", .partial(nil)), ("Werkte niet, drie keer geprobeerd.", .miss(3)),
            ("Helemaal mis.", .miss), ("Totaler Mist, toujours faux.", .miss),
            ("Didn't work, so I shipped it.", .unclassified), ("Failed, so I retried and it worked.", .partial(2)),
            // heldout-98, heldout-99
            ("Wow, so helpful, it told me to \"check the documentation.\"", .miss),
            ("Oh brilliant, it \"optimized\" the query\n  by removing the WHERE clause.", .miss),
            ("Surprisingly good — it even added the missing null check I hadn't mentioned.", .unclassified),  // no interjection
            ("Funcionó tras un par de ajustes.", .partial(nil)), ("Backend fine, frontend needed rework.", .partial(nil)),
            ("Out of its depth with this codebase.", .miss), ("Fixed on take two.", .partial(2)), ("Take 3 worked.", .partial(3)),
            ("Didn't help, I solved it after reading the RFC.", .miss), ("Didn't work, I fixed it.", .miss),
            ("Close, but it crashed at runtime; fixed it by hand after reading the docs.", .partial(nil)),
            ("Suggested `rm -rf node_modules` and called it a day. Not the issue.", .miss),
            ("It worked perfectly, except it didn't do anything I asked.", .unclassified),
            ("Switched to Gemini for this one, worked there.", .miss),
            // heldout-100, heldout-101
            ("claude ftw", .hit), ("2nd try ftw", .partial(2)), ("decent, neded cleanup", .partial(nil)),
            ("2 attempts, both failed to compile.", .miss(2)), ("Totaler Mist.", .miss), ("Works now. Lost count of the prompts.", .partial(nil)),
            ("Took 4 attempts in total. The first three\n  kept inventing a `retry` option that doesn't exist.", .partial(4)),
            ("Tried 3 times. The first two were wrong, the third too. Gave up.", .miss(3)),
            ("nice structure, wrong math. fixed it.", .partial(nil)), ("Clean first pass, nothing to change.", .hit),
            // heldout-102, heldout-103
            ("Fixed the crash in one shot. Nice.", .hit), ("Worked with some hand edits to the Package.swift.", .partial(nil)),
            ("Marchait après trois allers-retours.", .partial(4)), ("Fixed the crash, but the test still flakes.", .partial(nil)),
            ("perfect!! (no it wasn't)", .miss), ("so close. fixed one line.", .partial(nil)), ("So close. Gave up.", .miss),
            ("It worked perfectly, except it didn't compile. 👏", .miss), ("first try was garbage, second was perfect", .partial(2)),
            // heldout-104 to heldout-107
            ("no dice after 2", .miss(2)), ("Gave up after 3.", .miss(3)), ("Good first pass, needed polish.", .partial(nil)),
            ("Workd first tyme, no chnages", .hit), ("sweet, wroks", .hit), ("どうしてもビルドが通らず断念。", .miss),
            ("Great result on device, tests say otherwise.", .unclassified), ("Worked x3", .partial(3)),
            // heldout-108, heldout-109
            ("Worked on the first prompt. Had to read the diff twice to\n  believe it, but it's correct.", .hit),
            ("Worked first time, though I had to read it twice to understand it.", .hit),
            ("Gut, nach einer Korrektur.\n  Die Tests laufen jetzt.", .partial(2)),
            // heldout-110 to heldout-113: a log of attempts, a score of tries, praise closing a fault,
            // a failure granted with `though`, Japanese "passed" and "OK" inside a word.
            ("attempt 1: wrong. attempt 2: right.", .partial(2)), ("1st try: wrong; 2nd try: right.", .partial(2)),
            ("Prompt 1: garbage. Prompt 2: garbage. Prompt 3: gave up.", .miss(3)),
            ("1st try: perfect. 2nd run: garbage.", .unclassified),
            ("2/2 attempts failed", .miss(2)), ("Success on attempt 3/3", .partial(3)), ("5/5 tests pass", .hit),
            ("Fabricated a CLI flag. Lovely.", .miss), ("Wow, thanks for deleting half my tests. Really helpful.", .miss),
            ("Wow, so helpful, it renamed every variable and broke the build. 10/10.", .miss),
            ("Worked first try. Nice.", .hit), ("Ja. Nein. Keine Ahnung.", .unclassified), ("Leider nein.", .miss),
            ("Works great! Broken in prod though.", .unclassified), ("worked perfectly, in the demo. prod is still broken", .miss),
            ("Brilliant. 10/10 would fail again.", .unclassified),
            ("It solved a different problem than the one I asked about.", .miss),
            ("Wrong, but it pointed me at the right docs page so I fixed it myself.", .miss),
            ("Didn't work, though it pointed me at the right docs.", .miss),
            ("最初はダメだったけど、2回目でOK。\n  テストも通った。", .partial(2)), ("一回目は失敗、二回目で\n  やっと通った。", .partial(2)),
            // `needs review` beside success: not done yet; alone it says nothing of the answer.
            ("Good first pass 👍 needs review before merge", .partial(nil)), ("Needs review", .unclassified),
            // heldout-114, heldout-115: a share given, a fix a few words after `myself`, a question
            // after a claim states no failure, 🙃 alone after closing praise, `blow up`, `2e`, typos.
            ("Gave me 80%; the auth bits I wrote.", .partial(nil)), ("Didn't give me 80%.", .unclassified),
            ("Couldn't fix the CORS issue; I fixed it in nginx myself.", .miss),
            ("Technically correct. Practically useless? Unsure.", .unclassified),
            ("Wow, deleted half my tests to make them pass. Brilliant. 🙃", .miss),
            ("Works for the simple case. Nested arrays still\n  blow up, left a TODO.", .partial(nil)),
            ("useful as a starting point", .partial(nil)), ("Ça a marché au 3e essai.", .partial(3)),
            ("mosty fine, fixd the imports", .partial(nil)), ("halucinated the whole endpoint", .miss),
            // heldout-116, heldout-117: giving up after mixed results, success denied after building,
            // a cause named, sarcasm then `Reverted.`, a status code, typos.
            ("It went in circles — fixed A, broke B, fixed B, broke A. Stopped after six prompts.", .miss(6)),
            ("Fixed the bug, broke two others. Gave up after 3 prompts.", .miss(3)),
            ("Compiles, doesn't work.", .miss), ("didnt wrk, not wasting more time on this", .miss),
            ("Fixed the flaky test in one shot, it was a missing await.", .hit),
            ("Worked, but it was a missing feature.", .partial(nil)),
            ("Oh great, it rewrote my entire file to fix one typo. Reverted.", .miss),
            ("Oh nice, it worked. Reverted.", .unclassified),
            ("Mostly there. It handled the happy path but ignored the 429\n  responses, so I added the backoff myself.", .partial(nil)),
            ("lgtm after 1 fixup prompt", .partial(2)), ("helpful but not copy-pasteable", .partial(nil)),
            ("wfm", .hit), ("worekd after 2nd promt", .partial(2)),
            // heldout-118 to heldout-121: `couldn't get a ...`, sarcasm `in a universe where`, doubt
            // still open after a failure, a count said twice, a count beside words that say nothing.
            ("Couldn't get a single passing test out of it, 3 prompts in.", .miss(3)),
            ("Rate limited, never got an answer.", .miss), ("Didn't get a working version.", .miss),
            ("It answered a different question, which may have been the one I should have asked.\n  Still unsure.", .unclassified),
            ("it took eight (8!) prompts but the shader finally works", .partial(8)),
            ("3 prompts. see diff.", .unclassified), ("3 prompts. Shipped.", .partial(3)),
            ("Grotendeels goed, wat handmatig bijgewerkt.", .partial(nil)), ("fake citations again", .miss),
            ("Nul. Il a inventé une fonction qui n'existe pas.", .miss),
            // heldout-122, heldout-123: `not the full`, `cut off`, `so over`.
            ("Helped. Not the full solution.", .partial(nil)), ("Wrote the full thing myself.", .miss),
            ("Response cut off halfway, never recovered.", .unclassified),
            // heldout-124, heldout-125: a failure opening taken back, a count corrected, `Ignored.`
            ("Didn't work. Actually it did, after I restarted Xcode. My bad.", .unclassified),
            ("Didn't work. Actually it broke more.", .miss), ("Worked first try (well, second).", .partial(2)),
            ("Answer was for Python 2. Ignored.", .miss),
            // heldout-126: a typo of `finally`.
            ("works, finaly", .partial(nil)),
            // heldout-128 to heldout-131: a later question whether it did, a hallucination joked
            // about after sarcastic praise, `off by a`.
            ("Worked! (did it though?)", .unclassified), ("Worked. Or did it?", .unclassified), ("Worked. Did it pass CI? Yes.", .hit),
            ("brilliant, it invented a whole new library for me. 10/10 would hallucinate again", .miss),
            ("Off by a mile.", .miss), ("Perfect! Except nothing works.", .miss),
            // heldout-134, heldout-135: a measure that fell or moved beside success, `finally` as
            // relief after a first try or of the user, a fault the answer introduced, `OOMs`, not sure
            // which change fixed it, nothing but what was expected, not run yet.
            ("Worked first try. Dropped p95 from 420ms to 90ms.", .hit), ("It just worked. Bundle size down 31%.", .hit),
            ("WORKED FIRST TRY!!! finally", .hit), ("It worked!! I can finally go to bed.", .hit),
            ("Not first try, finally worked on the 3rd.", .partial(3)), ("Worked. Finally.", .partial(nil)),
            ("Fixed the crash, introduced a new warning.", .partial(nil)),
            ("Works for small files; OOMs on anything over 2GB.", .partial(nil)),
            ("worked after several retries, not sure which change fixed it", .partial(nil)),
            ("first try worked locally but not on CI, no idea which is right", .unclassified),
            ("Surprisingly good: correct Terraform on the first prompt, plan showed only the 3 expected changes.", .hit),
            ("Logging this mainly as an example of a too-long prompt; I\n  never actually ran the output.", .unclassified),
            ("Impeccable, rien à retoucher.", .hit), ("Workable draft; I rewrote the intro paragraph of the README.", .partial(nil)),
            // heldout-136, heldout-137: surprise at a count, or in an aside, asks nothing; a note to
            // the user or about the log; a measure of a named thing; what is still there; a cause found.
            ("7 turns?!? but yes it works now", .partial(7)), ("worked eventually (like 6 prompts??)", .partial(6)),
            ("Refused to answer (said it was a security risk??).", .miss), ("Two tries??", .unclassified),
            ("gpt-4o, temperature 0.2, 2 turns?? or 3, don't remember", .unclassified),
            ("Reminder: the repo was on the wrong branch for this one.", .unclassified), ("Worked after a reminder.", .partial(2)),
            ("The log timestamp is wrong here, this was actually Tuesday.", .unclassified),
            ("Worked first try, timestamps now in UTC.", .hit),
            ("Worked first try. Dropped the build from 4m to 90s.", .hit), ("worked first try, shaved 40% off the bundle", .hit),
            ("Fixed the crash; the warning is still there.", .partial(nil)),
            ("Solved it in one prompt — the race condition was a missing await.", .hit),
            ("Worked with one tiny edit (a missing `await`).", .partial(nil)),
            // heldout-138, heldout-139: `Kinda?` answered by what follows, `did nothing`, `bombed`,
            // `leaks`, `I suspect`, `Didn't run it` said by the user.
            ("Kinda? It fixed the crash but broke the dark mode toggle.", .partial(nil)), ("Kinda?", .unclassified),
            ("The code ran but did nothing. Literally `pass` in every method.", .miss), ("Bombed. 0/8 test cases.", .miss),
            ("Worked? Or did it? The tests pass but now I suspect the tests.", .unclassified),
            ("Didn't run it: the feature got cut in planning.", .unclassified), ("Didn't even run.", .miss),
            ("It didn't run the tests.", .miss), ("First try, and it explained why the old code leaked.", .hit),
            // heldout-140, heldout-141: a thing named after `though not a`, a measure named in two
            // words, `invalid`.
            ("Helped a lot, though not a drop-in.", .partial(nil)), ("worked with o1 but not 4o", .partial(nil)),
            ("Worked first try. Dropped render time to 38ms median.", .hit),
            ("Worked great — wait, no, that was the old binary. Need to retest.", .unclassified),
            ("The generated Helm chart is invalid YAML.", .miss),
            // heldout-142, heldout-143: `need to revisit`, `finally the`, `no caveats`.
            ("Works, but it's O(n²) and I'll need to revisit.", .partial(nil)),
            ("Good first answer, shipped it.\n  Will revisit the naming later.", .hit),
            ("WORKS. finally the CSV export handles commas inside quotes", .hit), ("Worked, first go, no caveats.", .hit),
            // heldout-144, heldout-145: a note about the log's entry, the outcome never found out,
            // `no longer` a failure, what is still there named in two words.
            ("Note: model name above is wrong, it was gpt-4.1.", .unclassified), ("Note: worked first try.", .hit),
            ("Reverted the whole feature for unrelated reasons, so never found out.", .unclassified),
            ("Didn't work and I never found out why.", .miss),
            ("Handled it in one go; the Kotlin coroutine refactor compiles and the UI no longer freezes.", .hit),
            ("Fixed the crash; the memory leak is still there.", .partial(nil)), ("Bust.", .miss), ("Fracaso total.", .miss),
            // heldout-146, heldout-147: a count after a `miss` label, `finally` after `the X is`, a
            // problem gone, `unstuck`, `trimmed` after success.
            ("miss, 3 turns", .miss(3)), ("Great, works. The eslint config is finally sane.", .hit),
            ("took like 10 rounds but it's finally right", .partial(10)), ("It's finally working.", .partial(nil)),
            ("Did it. The pagination bug is gone.", .hit), ("It got me unstuck, though the final fix was mine.", .partial(nil)),
            ("Worked but way over-engineered; trimmed ~200 lines.", .partial(nil)),
            ("Prompt was too long, trimmed it for next time.", .unclassified),
            // heldout-148, heldout-149: no chance to run it, a failure gone, runs of the code are no
            // prompts, a place it works then one it does not.
            ("Didn't get a chance to run it before the meeting.", .unclassified),
            ("Couldn't get a single passing test out of it.", .miss),
            ("Fixed! CORS error gone.", .hit), ("Worked, first prompt. The Kotlin coroutine deadlock is gone.", .hit),
            ("Success: the flaky test is gone (ran it 50x locally).", .hit),
            ("ran out of patience after 8 prompts", .miss(8)),
            ("Single prompt, correct answer. The CSS grid finally behaves.", .hit),
            ("It works on Chrome, not Safari.", .partial(nil)), ("Passed CI on the first push, nothing changed.", .hit),
            // heldout-150, heldout-151: still running, `another story`, `time zones`, `tried 3`, not
            // retried after a failure, `finally` after `the X`.
            ("Benchmark still running (2 of 5 suites done).", .unclassified),
            ("It works on Linux. macOS is another story.", .partial(nil)), ("Worked on Linux. Crashed on Windows.", .partial(nil)),
            ("Good first try: the cron expression was correct for all four time zones.", .hit),
            ("Wrong on every attempt (tried 3).", .miss(3)), ("Wrong on the first prompt, didn't bother retrying.", .miss(1)),
            ("Success! The Makefile finally handles parallel builds.", .hit), ("Fixed the flaky test in one go.", .hit),
            // heldout-152, heldout-153: `never again` is a mood, a cause named (`were the issue`, `was
            // the missing`), a measure after `3x`, a note about the log's header or entry.
            ("took ten (10!) rounds. never again.", .partial(10)), ("The fix compiled but the bug still reproduces.", .miss),
            ("Solved. The CORS headers were the issue, as it guessed.", .hit),
            ("Solved. The CORS issue was the missing preflight handler, just like it said.", .hit),
            ("The bug was never fixed.", .miss), ("Flawless first attempt; benchmark shows 3x throughput.", .hit),
            ("It looped on the same bug x3 and I bailed.", .miss(3)),
            ("Wrong model name in the header, it was actually gpt-4o.", .unclassified),
            ("Abandoned — couldn't handle the legacy Obj-C\n  bridging header. Did it by hand.", .miss),
            ("works, BUT it pulled in lodash for one function. ugh", .partial(nil)),
            // heldout-154, heldout-155: Spanish `sin problemas`, `hand-wrote`, `sorted ascending`,
            // `never got the X Y right`.
            ("Sí, funcionó sin problemas al primer intento.", .hit),
            ("Hand-wrote it in the end. The AI version deadlocked under load.", .miss),
            ("Wrong output — sorted ascending instead of descending.", .miss), ("Sorted.", .hit),
            ("Tried 5 times, never got the auth flow right.", .miss(5)),
            // heldout-156, heldout-157: not tried (`never got back to it`, `before I tried`, `so never
            // evaluated`), a count of problems that fell, `not a full`, `varios`, the user's own `I
            // could not`.
            ("Interrupted by a meeting, never got back to it.", .unclassified),
            ("Skipped — the issue got fixed upstream before I tried.", .unclassified),
            ("Abandoned the feature, so never evaluated the output.", .unclassified),
            ("Didn't work, so never tested further.", .miss), ("Worked. Went from 14 lint errors to 0.", .hit),
            ("Got me unstuck, not a full solution.", .partial(nil)), ("Funcionó después de varios intentos.", .partial(nil)),
            ("Worked perfectly, which is more than I can say for my own attempt last week.", .hit),
            ("Nailed the Rust lifetimes on the first reply, which, frankly, I could not.", .unclassified),
            ("Looked right, wasn't.", .miss),
            // heldout-158, heldout-159: Japanese 修正不要, a measure named by `start`, `improved ~30%`,
            // `confirm ~3x speedup.`, a list of what was not needed.
            ("完璧。修正不要。", .hit), ("Worked first try. Dropped cold start from 1.2s to 400ms.", .hit),
            ("Success. Benchmarks improved ~30%.", .hit), ("Works. Benchmarks confirm ~3x speedup.", .hit),
            ("Tried 3x, nothing.", .miss(3)),
            // phrasings-158, phrasings-159 (tuned on after training): a question of how to label it,
            // `only had to hit accept`, time spent before the prompt.
            ("Does \"worked\" count if I had to restart the server?", .unclassified), ("It \"works\".", .miss),
            ("Perfect, I only had to hit accept.", .hit),
            ("It worked on the first try, to my mild annoyance after two days of debugging it myself.", .hit),
            ("Worked after 2 hours of back and forth.", .partial(nil)),
            // heldout-160, heldout-161: the user's past (`Had been stuck`), what it is compared with
            // (`cleaner than my callback mess`), `finally` after `the X Y`.
            ("Solved it in one prompt. Had been stuck on this for two days.", .hit),
            ("Yup, worked. The Kotlin coroutine version is way cleaner than my callback mess.", .hit),
            ("Worse than useless.", .miss), ("Did it in one. The CSS grid finally behaves on Safari.", .hit),
            // heldout-162, heldout-163: German `fehlte`, `so never ran the code`, `3x speedup on`.
            ("Gut, aber die Fehlerbehandlung fehlte komplett.", .partial(nil)),
            ("Abandoned the feature itself, so never ran the code.", .unclassified),
            ("Perfect on the first prompt; the benchmarks\n  show a 3x speedup on the hot path.", .hit),
            ("Tried it 3x in a row, same error.", .miss(3)),
            // heldout-164, heldout-165: a count denied with `didn't have to`, `Kind of?` answered, a
            // failure still there after `is`.
            ("All 212 tests pass. Didn't have to ask twice.", .hit), ("I had to ask twice.", .partial(2)),
            ("Kind of? It fixed the symptom, not the cause.", .partial(nil)),
            ("Sort of? The animation runs but stutters on older Android devices.", .partial(nil)),
            // heldout-166, heldout-167: the user's loss, no answer came, `no leaks`, `chokes`, `parse`.
            ("Tried it, then the laptop died and I lost the output.", .unclassified),
            ("Model timed out, never got a response; retry tomorrow.", .unclassified),
            ("Never got a single passing test.", .miss), ("No crashes.", .hit),
            ("Kotlin coroutine rewrite worked immediately, no leaks in LeakCanary.", .hit),
            ("Output didn't even parse.", .miss),
            // phrasings-161, phrasings-166 (tuned on after training): a manner in scare quotes, a
            // measure that `dropped`.
            ("It \"helpfully\" deleted my tests.", .miss),
            ("Hard to say — the latency dropped but so did traffic\n  that day.", .unclassified),
            ("Works. Memory usage dropped 40%.", .hit),
            // heldout-168, heldout-169: `Did it.` alone, `Mixed:` as a label, `mediocre`, the user kept
            // from running it, a count after `to use`, Korean, `yelling at it twice`.
            ("Did it. Lighthouse score 62 → 94.", .hit), ("Mixed bag: great tests, mediocre implementation.", .partial(nil)),
            ("Mixed: the Go code is great, the tests it wrote don't test anything.", .partial(nil)),
            ("Blocked by VPN issues, couldn't run anything.", .unclassified),
            ("Worked once I told it which crate to use (one extra prompt).", .partial(2)),
            ("완벽하게 작동했어요, 한 번에.", .hit), ("Worked, eventually, after me yelling at it twice.", .partial(3)),
            // heldout-170 to heldout-173: a count the user's own, a need foreseen, `won't know until`,
            // `by accident`, `Kein Erfolg`, `3x slower`, a percentage that moved, `for no reason`,
            // checks of the user's, `never terminates`, `gold`.
            ("Worked first try, which is more than I can say for my last three attempts by hand.", .hit),
            ("Worked. Honestly expected to need a follow-up but didn't.", .hit),
            ("Won't know until the nightly batch runs.", .unclassified),
            ("Aborted the session by accident, no result.", .unclassified), ("Kein Erfolg nach drei Versuchen.", .miss(3)),
            ("Worked, but it's 3x slower than the old version.", .partial(nil)), ("Sadly no. The query was 10x slower.", .miss),
            ("Worked first pass. Coverage 71% -> 84%.", .hit), ("Worked. 61% → 84%.", .hit),
            ("Works, but it rewrote my error handling for no reason.", .partial(nil)),
            ("Worked first try — and yes I checked it twice because I didn't believe it.", .hit),
            ("Great, another loop that never terminates. Thanks.", .miss),
            // heldout-174 to heldout-177: a remark that failed beside success, `½`, undone `for
            // unrelated reasons`, `did 80%`, `kept maybe half`, `kinda impressive`, `wrong about how`,
            // success because the tests assert nothing, a nudge and another, `Kinda worked?` answered.
            ("Works, explanation was wrong.", .partial(nil)), ("½ working", .partial(nil)),
            ("Might have worked? The deploy was rolled back\n  for unrelated reasons.", .unclassified),
            ("It did 80% of the job.", .partial(nil)), ("meh, partially useful, kept maybe half", .partial(nil)),
            ("it worked on the first try, honestly kinda impressive", .hit),
            ("Confidently wrong about how Postgres advisory locks work.", .miss),
            ("The tests it wrote pass, but only because they assert nothing. Threw it away.", .miss),
            ("Worked after a nudge, and another nudge.", .partial(3)), ("Worked after a nudge and a retry.", .partial(3)),
            ("kinda worked? Fixed the bug but broke the loading spinner", .partial(nil)), ("Kinda worked? Kinda didn't.", .unclassified),
            // heldout-178 to heldout-181: a bug it `caught`, `differs from reference`, a repeat not
            // needed, `I'd been stuck`, `explained why`, `Hmm,` then success, `not worth a second go`,
            // `Kind of worked?` answered, `Mixed:` then a failure after praise.
            ("Worked, and it caught a second bug I hadn't asked about.", .hit),
            ("Compiles, runs, but output differs from reference by ~2% on the big dataset.", .partial(nil)),
            ("Worked 1st time, didn't even have to explain the schema twice.", .hit),
            ("Right answer on the first try; I'd been stuck on this for a day.", .hit),
            ("Nice, it worked and explained why the old code deadlocked.", .hit),
            ("Hmm, worked after I told it which Python version we're on.", .partial(nil)),
            ("Infinite loop on the first run. Only tried once, not worth a second go.", .miss(1)),
            ("Kind of worked? Fixed the warning but not the underlying leak.", .partial(nil)),
            ("Mixed: great docstrings, broken logic.", .partial(nil)),
            // heldout-182 to heldout-185: how close it came after `Close.`, `Jury's still out`, a
            // prompt never sent, a deed in scare quotes after `but`.
            ("Close. Wrong port, fixed it myself.", .partial(nil)), ("Jury's still out.", .unclassified),
            ("Answered my own question while typing the prompt, never sent it.", .unclassified),
            ("It did the thing but also \"refactored\" 4 unrelated files. reverted those.", .unclassified),
            // heldout-186 to heldout-193: a thing named with a problem word (`the error messages`),
            // `the error message is gone`, `zero out of three attempts`, `Bundle size dropped`.
            ("Excellent, the translation of the error messages reads naturally.", .hit),
            ("Fixed, the error message is gone.", .hit), ("zero out of three attempts compiled", .miss(3)),
            ("It nailed it. Bundle size dropped 22%.", .hit),
            // heldout-194 to heldout-201: `crash rate`, a run never made, `corrupted`.
            ("the fix worked. crash rate back to baseline", .hit), ("Meeting got cancelled, never ran the code.", .unclassified),
            ("Never ran it; the project got cancelled.", .unclassified), ("Crashed, never ran.", .miss),
            ("It ran but corrupted the CSV headers. Had to restore from backup.", .miss),
            // heldout-202 to heldout-209: `Note to self:` is a to-do; a question of how to label it,
            // then a note.
            ("Note to self: try this again once the monorepo migration is\n  done, the paths will all change.", .unclassified),
            ("Does \"worked\" mean it compiled or that it was correct? Need a convention for this log.", .unclassified),
            // phrasings-168 to phrasings-217, read again once the model was trained on them:
            // `improved 3x` is a measure; `right now` is the time; the user's own need; a named part
            // failed; `did't`; a failure denied after a part named. (The user redoing what worked first try:
            // noteThatTakesBackFirstTry.)
            ("Output compiled and the benchmark improved 3x.", .hit),
            ("Can't evaluate until the vendor fixes their sandbox.\n  Their API returns 503 for everything right now.", .unclassified),
            ("took two rounds but it's right now", .partial(2)),
            ("Worked. Had to restart the dev server, but that's on me, not the code.", .hit),
            ("UI done, backend part didn't work at all.", .partial(nil)), ("did't work, reverted", .miss),
            ("Great, the bundle is 180 KB smaller and nothing broke.", .hit),
            // heldout-218 to heldout-225: a corrective prompt is a follow-up; `both Go and TS` names
            // languages; a failure named as a label ends at a semicolon; the user's time spent
            // debugging after `but`; `are all gone`; `not a complete answer`; an edit for taste;
            // `Dropped X by N` is a measure; code in backticks is a thing named; not what was asked
            // for; praise of the user's own prompt; `got nothing useful`.
            ("Decent. Needed one corrective prompt on the SQL join.", .partial(2)),
            ("Solved. The protobuf schema compiles for both Go and TS.", .hit),
            ("Complete failure; the shader outputs solid magenta.", .miss), ("Didn't compile; after 2 more prompts it did.", .partial(3)),
            ("Helped a lot, but I still spent an hour debugging the output.", .partial(nil)),
            ("Worked — the type errors are all gone (was 47, now 0).", .hit), ("Helpful, but not a complete answer.", .partial(nil)),
            ("Worked first time, though I renamed a couple of variables for taste.", .hit),
            ("Worked on first try. Dropped bundle size by 120 KB.", .hit),
            ("It invented a CLI flag (`--fast-resolve`) that doesn't exist. Dead end.", .miss),
            ("Got the algorithm right but it's O(n^2) and I asked for O(n log n).", .partial(nil)),
            ("Good prompt template, reuse for other services.", .unclassified), ("Got nothing useful.", .miss),
            // heldout-226 to heldout-233: what the code now does is no retry; a failure removed;
            // what it tried to do; `mostly so`; a wrong tag is a note about the log; `so I learned
            // nothing`; the user's first time; `Love that for me`; `a lot of explaining`; the user's
            // own failing after `my`.
            ("Perfect on the first prompt — the OAuth refresh flow now retries exactly once.", .hit),
            ("Now retried twice, still broken.", .miss(3)),
            ("Correct on the first try — the mutex ordering fix removed the deadlock.", .hit),
            ("Wrong approach entirely; it tried to solve a CSS problem with JavaScript.", .miss),
            ("It worked first time; leaving this note mostly so I remember the prompt shape.", .hit),
            ("Wrong project tag, this was actually for ios/captio.", .unclassified),
            ("Ran it, but the test env was broken, so I learned nothing.", .unclassified),
            ("Used the streaming API for the first time here.", .unclassified), ("Worked for the first time.", .hit),
            ("Great, a recursive function with no base case. Love that for me.", .miss),
            ("Worked... after a lot of explaining what a monorepo is.", .partial(nil)),
            ("It was right, my mental model was wrong. Applied the fix, works.", .hit),
            // heldout-234 to heldout-249: a shrug before success; `folow-ups`; `partial index` and
            // `read-only` name things; a time is no label; German `Nachfrage`, `ohne`; `only the
            // intended changes`; a way round the work; `without having to explain twice`; the writer
            // setting the result aside; `Idea:`; a note about the prompt.
            ("meh. compiles, but I don't trust the concurrency bits", .partial(nil)),
            ("Eh. It works but I don't love it: hardcoded the bucket name.", .partial(nil)),
            ("Working now after 2 folow-ups, but the generated docs are out of date.", .partial(3)),
            ("Worked perfectly on the first try; the Postgres query now uses the partial index.", .hit),
            ("Worked. Ran it against prod data (read-only) and the numbers matched.", .hit),
            ("SUCCESS. Cron job fires at 03:00 UTC as expected.", .hit),
            ("Mit einer Nachfrage hat es geklappt.", .partial(2)), ("Klappt ohne Nachfrage.", .hit),
            ("Success on first try; the Terraform plan showed only the intended changes.", .hit),
            ("Tests pass now, though it disabled one flaky test instead of fixing it.", .partial(nil)),
            ("Completely solved it without me having to explain twice.", .hit),
            ("Tried it on the wrong branch, so the result doesn't count.", .unclassified),
            ("if you don't count the crash, perfect", .miss),
            ("Idea: ask it to generate the tests first next time.", .unclassified),
            ("This prompt was for a demo, not real work.", .unclassified),
            ("Right answer immediately — it was a timezone bug.", .hit),
            ("Right answer immediately — it was a timezone bug, like I suspected.", .hit),
            ("Good for the Linux build; macOS still broken.", .partial(nil)),
            // phrasings-218 to phrasings-265, read again once the model was trained on them: `no way
            // to tell`; not convincing it to do a thing is a failure, as not getting it to; `works on
            // my machine` and nothing more is the old joke; a success on the user's own machine and
            // a failure in a later sentence is a part; Japanese 自分で (by myself) and 途中まで (up
            // to a point).
            ("Couldn't reproduce the original bug anymore, so no way to tell\n  if it fixed anything.", .unclassified),
            ("I couldn't convince it to use the new API.", .miss), ("Works on my machine ¯\\_(ツ)_/¯", .unclassified),
            ("Works on my machine™. CI still red because of a missing env var it didn't mention.", .partial(nil)),
            ("途中までは良かったが、最後は自分で直した。", .partial(nil)),
            // heldout-266 to heldout-273: a partial label before what went wrong; `but` after what
            // was good in a mixed bag; what the user weighs it against (`given the ...`); a comma
            // after `Didn't work` before why, not before how it went on; a last sentence that
            // throws the answer away or does it anew; `+22%` is a change; `50/50 runs` is all of
            // them; Japanese 問題なく動作 (ran without a problem); the cause found after a hit.
            ("Semi-success: the script runs but logs nothing.", .partial(nil)),
            ("Mixed bag: fast code, but it dropped all the logging.", .partial(nil)),
            ("It worked. Shocked, frankly, given the last three prompts in this log.", .hit),
            ("Didn't work, the SQL was valid but deleted the wrong rows (on staging, thankfully).", .miss),
            ("Didn't work, retried and it worked.", .partial(2)), ("Didn't work, so I shipped it.", .unclassified),
            ("The test it wrote passes, the feature doesn't work. Binned it.", .miss),
            ("Oh great, another confident hallucination. Did it myself.", .miss), ("Perfect! Reverted it.", .unclassified),
            ("**Worked.** Benchmarks +22% throughput.", .hit),
            ("Yes! First try. The flaky test is finally stable (50/50 runs).", .hit), ("問題なく動作しました。", .hit),
            ("Got the right fix immediately (a missing `await`).", .hit),
            ("Worked with one tiny edit (a missing `await`).", .partial(nil)),
            // heldout-274 to heldout-281: not able to evaluate is doubt; the user's own checks, said
            // `twice`; `but that's on me`; a part named alone in the sentence before a failure;
            // `0/3` before a dash; `got most of the way`; the hours the user had planned; how the
            // user had to write the prompt.
            ("Couldn't evaluate, the repo wouldn't build even before applying it.", .unclassified),
            ("It just worked. Suspiciously so, but I checked twice and it's right.", .hit),
            ("First attempt: works. Second thought: I should have asked for tests too, but that's on me.", .hit),
            ("Works for ASCII. Breaks on emoji. Good enough for now.", .partial(nil)),
            ("0/3 — none of the attempts worked.", .miss(3)), ("Got most of the way; final 10% by hand.", .partial(nil)),
            ("Worked first try, and in under a minute,\n  which beats the two hours I'd budgeted.", .hit),
            ("Worked first try, though I had to be very specific in the prompt.", .hit),
            // heldout-282 to heldout-289: a failure word then `yet` is not known yet; `for the X, not
            // the Y` restricts a success; `Nope,` and `Complete miss;` open a failure; a marked word
            // of eleven letters or more keeps its mark (`immediately`, `appreciated`).
            ("No result yet; the nightly job\n  runs at 2am.", .unclassified),
            ("Worked for the unit tests, not the integration ones.", .partial(nil)),
            ("Nope, compiled but produced garbage output.", .miss), ("Complete miss; misread the task as frontend work.", .miss),
            ("Produced code that deadlocks immediately.", .miss),
            ("Worked on the first try and the diff was tiny, which I appreciated.", .hit),
            // heldout-290 to heldout-305: `so this tells us nothing`; `not a real attempt`; `X was
            // wrong and it caught it` is the cause found, no failure; `forgot about it`; `didn't
            // have to follow up`; a check by hand; `the index I hoped it would`; Spanish
            // `advertencias` (caveats) and `no maneja` (doesn't handle); German `Fehlschlag`; `janks`.
            ("Tried on the wrong branch, so this tells us nothing.\n  Redo next week.", .unclassified),
            ("Not a real attempt, just checking the model's knowledge cutoff.", .unclassified),
            ("Worked, shipped, forgot about it.", .hit), ("Worked perfectly, I didn't have to follow up at all.", .hit),
            ("Correct first time; confirmed against the spec by hand.", .hit),
            ("Nice — the SQL was correct and used the index I hoped it would.", .hit),
            ("Funciona, pero con advertencias: no maneja zonas horarias", .partial(nil)),
            ("Fehlschlag nach drei Versuchen.", .miss(3)), ("The animation works but janks on low-end Android.", .partial(nil)),
            // heldout-306 to heldout-321: `good enough to commit`; a check that opens its clause,
            // said `twice`; `retry later` is a try not made yet; `after applying the suggested X`
            // is the answer used; `a good prompt structure` praises the user's prompt; a semicolon
            // ends `Gave up after N turns`; `-42%` is a change; French `échanges` (exchanges) and
            // `moche` (ugly); the typo `rigth`.
            ("First pass was good enough to commit.", .hit), ("It's right. Checked against the RFC twice.", .hit),
            ("Rate limited before it finished; retry later.", .unclassified),
            ("Fixed. Race condition gone after applying the suggested mutex.", .hit),
            ("Kept as an example of a good prompt structure, not\n  as a result.", .unclassified),
            ("Gave up after 5 turns; every version passed the unit tests\n  but failed the integration suite.", .miss(5)),
            ("Landed first try; bundle size -42%.", .hit),
            ("Ça marche après trois échanges, mais le code est moche.", .partial(3)),
            ("The logic was rigth but the formating was all wrong; fixed by hand.", .partial(nil)),
            // heldout-322 to heldout-337: notes that no outcome came (the output lost, the code not
            // tried or run, a lesson for later), which the model no longer places either;
            // `functional` is a part; `back to square one`.
            ("Lost the output when the tab closed. Will redo.", .unclassified),
            ("Didn't try the code; I only wanted to see how it\n  would structure the modules.", .unclassified),
            ("Kept for reference; did not execute the code.", .unclassified),
            ("Lesson: always paste the error message, not a description of it.", .unclassified),
            ("Functional but ugly; I'll refactor later.", .partial(nil)),
            // heldout-338 to heldout-353: ❌ first is a failure said first; `Got 80% of the way` is a
            // part; `after I'd spent two days on it myself` is the user's time before the prompt;
            // `on fire`; a semicolon after `Didn't work` before why it failed; `first time using it`
            // is the user's first use.
            ("❌ compile errors everywhere", .miss), ("Got about 70% of the way; the auth flow I did by hand.", .partial(nil)),
            ("Of course it worked first try, right after I spent two hours on it myself.", .hit),
            ("It works for ASCII. Everything else is on fire.", .partial(nil)),
            ("Didn't work; the request timed out and the partial output was nonsense.", .miss),
            ("Prompt template v3, first time using it.", .unclassified),
            // heldout-354 to heldout-369: `Hit on X, miss on Y` is a part; a failure word opening the
            // bullet before a colon or a dash is a failure said first (not before a bracket); `more
            // than I can say for the last three prompts` compares other tries.
            ("Hit on the logic, miss on the style guide — reformatted manually.", .partial(nil)),
            ("Worse than useless — it confidently rewrote working code into broken code.", .miss),
            ("Initially wrong (it mocked the DB), fixed after I said no mocks.", .partial(nil)),
            ("Worked on the first try, which is more than I can say for the last three prompts.", .hit),
            // heldout-370 to heldout-401: `finally` away from any success word is relief, not time;
            // after success, `the wrapper retries` is what the code does; `No good:` and `No
            // funcionó;` open a failure; what a script found (`the bad commit`) is no failure; `Out
            // of ideas`; `Tweaked nothing`.
            ("Worked! Rust borrow checker finally happy.", .hit), ("Worked. Finally.", .partial(nil)),
            ("Did exactly what I needed in one go; the wrapper retries with backoff now.", .hit),
            ("No good: tests pass only because it mocked the thing under test.", .miss),
            ("No funcionó; tuve que hacerlo a mano.", .miss),
            ("Correct. The bisect script found the bad commit in 6 steps.", .hit),
            ("Out of ideas after four rounds; the memory leak is still there.", .miss(4)),
            // phrasings-266 to phrasings-417, after the model was trained on them: a denial `at all`
            // after an exception, or a bare one after `then`, undoes the success and leaves it open;
            // German `schlecht`, French `sauf que rien ne`; Japanese 書き直した is writing it anew;
            // the user's own workaround deleted is no failure; `by accident` after `Wrong` is the
            // user's mishap; a timeout with a retry still to come has no outcome; a leak beside
            // building and running is a flaw of it, not a failure.
            ("Worked great, except it didn't work at all.", .unclassified), ("Worked, then didn't.", .unclassified),
            ("Gut und schlecht zugleich.", .unclassified), ("Fonctionne très bien, sauf que rien ne marche.", .unclassified),
            ("うまくいかなかった、手で書き直した。", .miss), ("Perfect. Deleted my 200-line workaround.", .hit),
            ("Wrong model selected by accident (meant to use the bigger one) — rerunning.", .unclassified),
            ("Timed out — will retry tomorrow.", .unclassified), ("Model timed out every time (3 attempts).", .miss(3)),
            ("Compiles and runs, but leaks memory under load.", .partial(nil)),
            ("Kotlin coroutine rewrite worked immediately, no leaks in LeakCanary.", .hit),
            // heldout-418 to heldout-433: `Took N rounds;` then faults is the earlier tries' (but not
            // `still`); a command-line flag is a thing named; `for the demo` after a success
            // restricts it; `hardcoded` is a flaw, `by hardcoding` a cheat; `Absolutely not.`
            // declines; `falls over`; the typos `evntually`, `retrys`; `use-after-free` names a bug;
            // `tautological` tests; `by about 3x` is a measure; `after applying its patch` is the
            // answer used; `good enough to paste`; `after the first prompt` beside success.
            ("Took two rounds; the first kept adding useless comments.", .partial(2)),
            ("It made up a CLI flag (--fast-resolve). Doesn't exist.", .miss),
            ("Works for the demo. Not production-ready.", .partial(nil)),
            ("Pretty good, but it hardcoded the bucket name.", .partial(nil)),
            ("Suggested disabling SSL verification. Absolutely not.", .miss),
            ("Works for ASCII, falls over on emoji filenames.", .partial(nil)), ("evntually worked, after a few retrys", .partial(nil)),
            ("Resolved. The segfault was a use-after-free and the patch was right.", .hit),
            ("works but the generated tests are tautological lol", .partial(nil)),
            ("Worked on the first attempt and the benchmarks\n  improved by about 3x across the board.", .hit),
            ("All 37 tests pass after applying its patch as-is.", .hit),
            ("Did it. Explanation was also good enough to paste into the PR description.", .hit),
            ("All green on CI after the first prompt.", .hit),
            ("Nothing usable after the first prompt; didn't bother with follow-ups.", .miss(1)),
            // ... and a fear the writer had that did not come true; `context overflow`.
            ("Worked. (Honestly expected it to choke on the generics, it didn't.)", .hit),
            ("Context overflow before it produced anything, twice.", .miss(2)),
            // heldout-434 to heldout-449: `, not the Y` after a deed is a part (not after `was`: the
            // cause); `regenerated the X` is a deed; what the writer thought would happen; `the whole
            // problem` is the cause named; `claiming` is a claim; `still` ends what `nothing`
            // negates; `Mixed bag.` as a sentence is a label; a failure word then a semicolon opens
            // a miss; Japanese 効果なし; the typos `back and fourth`, `retires`.
            ("It fixed the crash, not the root cause.", .partial(nil)),
            ("Correct answer first time: it was the timezone offset, not the cache.", .hit),
            ("Worked — regenerated the OpenAPI client and everything typechecks.", .hit),
            ("Works! Thought this would take 5 tries, it took one.", .hit),
            ("Fixed. The null check was the whole problem, as it suggested.", .hit),
            ("Returned the code I gave it, unchanged, claiming it was fixed.", .unclassified),
            ("Generated tests that test nothing and still fail.", .miss),
            ("Mixed bag. Solved the deadlock but the fix\n  halved throughput.", .partial(nil)),
            ("Wrong answer; the code compiles but the totals are off by a factor of 100.", .miss),
            ("効果なし。三回試した。", .miss(3)), ("Took a bit of back and fourth but it works", .partial(nil)),
            // heldout-450 to heldout-465: tests `are flaky`, code that `is O(n^2)` or `quadratic`
            // after a success are flaws (not `the flaky test`, `the O(n²) loop` fixed); `but not the
            // Y` after a deed is a part; `did'nt`; `fictional`, `echoed` are failures.
            ("Works, but the tests it wrote are flaky.", .partial(nil)), ("Fixed the flaky test in one go.", .hit),
            ("it works but it's O(n^2), will revisit", .partial(nil)),
            ("Right first time — swapped the O(n²) loop for a hash map, 8x faster.", .hit),
            ("Fixed the crash but not the underlying leak.", .partial(nil)), ("did'nt compile, didnt bother fixing", .miss),
            ("Oh great, another fictional npm package. Wonderful.", .miss),
            // heldout-466 to heldout-481: `No result —` opening the bullet is no answer to judge;
            // Italian `in teoria`, `riscritto`; `14 min` is a duration, not a count; `by about 30%`.
            ("No result — the API returned a 529 overload error.", .unclassified),
            ("two hours of back and forth, no result", .miss),
            ("Success. Build time 14 min -> 6 min with the cache config it gave me.", .hit),
            ("worked first time, cut bundle size by about 30%", .hit),
            // phrasings-353 to phrasings-448, read again once the model was trained on them: a
            // problem that `doesn't reproduce` or `no longer happens` is gone (one that `still
            // reproduces` is not); `fixed the slow X` names what was slow; `the old retry helper` is
            // a thing, no retry.
            ("Resolved; the deadlock doesn't reproduce anymore.", .hit), ("The crash no longer happens.", .hit),
            ("The fix compiled but the bug still reproduces.", .miss),
            ("The suggested index fixed the slow dashboard. Done.", .hit),
            ("Ok this one was great. Drop-in replacement for the old retry helper.", .hit),
            // heldout-490 to heldout-505: `I was wrong` is the user's mistake; `kind of scary how well`
            // is awe, no degree; `typo mine` is the user's slip; `for once` is no count; deleted hacks
            // of the user's; `got nothing usable`; German `brauchbar`; `still` and a fault after the
            // tries; a place named after the first try; `to figure out` is a purpose; a fault after
            // only building, then the user's own work; `unreadable`; `of the deadlock` is the
            // topic; `remains` beside success; `is off` after `but` is a part.
            ("It was right. I was wrong about the cause.", .hit), ("Did it. Honestly kind of scary how well.", .hit),
            ("wokred first time (typo mine, not the model's)", .hit),
            ("it worked first time and the tests it added actually test something\n  for once.", .hit),
            ("Totally worked. Deleted 2 hacks I'd had for years.", .hit),
            ("Spent an hour, got nothing usable after several prompts.", .miss),
            ("Nichts Brauchbares nach drei Versuchen.", .miss(3)),
            ("Tried four times with increasingly explicit instructions,\n  still ignored the 'no new dependencies' rule.", .miss(4)),
            ("Worked first try… on Linux. macOS still broken.", .partial(nil)),
            ("Didn't work and it took 3 rounds to\n  figure out it never would.", .miss(3)),
            ("Output compiled but produced wrong totals; did it manually.", .miss),
            ("It's correct but unreadable; I'll refactor later.", .partial(nil)),
            ("Worked first try, and its explanation of the deadlock was better than mine.", .hit),
            ("Solved the main issue; the warning about deprecated APIs remains.", .partial(nil)),
            ("Got the logic right but the styling is off.", .partial(nil)),
            // heldout-506 to heldout-521: `Gave up on this,` opens a miss; German `überhaupt nicht`;
            // a problem that `hasn't reproduced`; `I'm done` after a failure gives up, after success
            // says nothing; `Full stop.`; `helped a bit`; `96% coverage` is a measure; what the writer
            // expected, denied (`but no`); `Sarcasm aside`; `half the size`; `ugliest`; the user's
            // accident; `Re-testing.` is a check under way.
            ("Gave up on this, the model doesn't know SwiftData well enough\n  to be useful yet.", .miss),
            ("Funktionierte überhaupt nicht, nach 3 Versuchen aufgegeben.", .miss(3)),
            ("Resolved; the deadlock hasn't reproduced in 500 runs.", .hit),
            ("Wrong again, three attempts, I'm done.", .miss(3)), ("it worked, i'm done here", .hit),
            ("It worked. Full stop.", .hit), ("helped a bit. pointed me at the right file at least", .partial(nil)),
            ("Good result, one prompt: unit tests for the parser, 96% coverage.", .hit),
            ("Worked. Thought it would need a follow-up, but no.", .hit),
            ("Worked. I expected to have to argue with it but no.", .hit),
            ("Worked first try. Sarcasm aside, this one was genuinely good.", .hit),
            ("Gold. The Makefile is now half the size and still works.", .hit),
            ("It works but it's the ugliest code I've seen this year.", .partial(nil)),
            ("Accidentally closed the tab before reading the answer.", .unclassified),
            ("Worked first try! Correction: I was running the old binary. Re-testing.", .unclassified),
            // heldout-522 to heldout-537: `context overflowed`, and no success `before it produced
            // anything usable`; Italian `sulla carta`, `crashava`; `the wrong branch` and `irrelevant
            // now` leave it open; `Changed nothing.`; a bug it `flagged`; `ignores`; `than the version I
            // wrote` compares; a later sentence that opens with what was left out.
            ("Context overflowed before it produced anything usable.", .miss),
            ("Funzionava solo sulla carta — in realtà crashava.", .miss),
            ("Tried it on the wrong branch so the result tells me nothing.", .unclassified),
            ("Irrelevant now, we dropped the feature.", .unclassified), ("Right first time. Changed nothing.", .hit),
            ("Worked, and it flagged a security issue I hadn't asked about. Bonus.", .hit),
            ("Works but ignores the timeout param entirely.", .partial(nil)),
            ("Worked perfectly, and it's\n  faster than the version I wrote last year.", .hit),
            ("Works. Missed the edge cases.", .partial(nil)),
            // heldout-538 to heldout-553: the record of it lost (`the logs got wiped`); a deed `I
            // didn't ask it to` do; `I still did the hard part`; `Bad output —` opens a miss; `Not
            // applicable`; French `d'utilisable`; `the failing test` named; the answer pasted in as
            // it came (not the logs pasted); after a right answer and a colon, the cause it found.
            ("??? the logs got wiped", .unclassified),
            ("Did the refactor but renamed stuff I didn't ask it to touch.", .partial(nil)),
            ("It helped, but I still did the hard part.", .partial(nil)),
            ("Bad output — SQL injection baked right into the query builder.", .miss),
            ("Not applicable — we ended up deleting the feature.", .unclassified),
            ("Rien d'utilisable après trois essais.", .miss(3)),
            ("Worked first time, no follow-ups. Noting here that the trick was\n  giving it the failing test up front.", .hit),
            ("All green on CI after pasting the output in unchanged.", .hit),
            ("after pasting the logs it found the bug", .partial(nil)),
            ("Right answer first time: the coroutine was launched on the wrong dispatcher.", .hit),
            // heldout-554 to heldout-569: the typo `secnod`; abandoned `before sending`; `finally made
            // it click` is understanding, not a delay; `of the borrow checker error`; `I only had to
            // paste it in`; `what I was missing` is the user's lack.
            ("Worked on the secnod try.", .partial(2)),
            ("Prompt abandoned before sending; rewrote the task instead.", .unclassified),
            ("Works perfectly, and the explanation of the borrow checker error finally made it click.", .hit),
            ("Came back with working code immediately; I only had to paste it in.", .hit),
            ("Answered correctly; the lock ordering explanation was what I was missing.", .hit),
            ("Finally made it work.", .partial(nil)),
            // heldout-570 to heldout-585: the user's setup broken (`the env was broken`) leaves it
            // open; `it didn't mention` is an omission; `and nothing`, `y nada` after the tries;
            // `kind of scary` is a feeling.
            ("Tried it but the env was broken, so couldn't evaluate.", .unclassified),
            ("The query is right but takes 9s; needs an index it didn't mention.", .partial(nil)),
            ("Ni de cerca. Tres intentos y nada.", .miss(3)), ("Tried four times and nothing.", .miss(4)),
            ("First try, zero edits. Kind of scary honestly.", .hit),
        ] {
            #expect(OutcomeClassifier.classify(text: text) == expected, "\(text)")
            #expect(OutcomeModelTests.rulesAlone(text) == expected, "\(text)")
        }
        // (heldout-82, heldout-83) The rules' readings; the outcome model, trained on their writers'
        // labels, checks them as it checks every verdict.
        for (text, expected) in [("Didn't compile; after 2 more prompts it did.", Classification.partial(3)),
                                 ("Worked after zero follow-ups.", .hit), ("Couldn't have done it better myself.", .hit),
                                 ("One shot, but I double-checked the edge cases manually.", .hit),
                                 ("Reverted everything it did.", .miss), ("Didn't work, and it insisted it did.", .miss),
                                 // (heldout-96, heldout-97) Praise of the user's own typing is no label; nothing
                                 // better is no praise.
                                 ("Worked first try!! (it did not)", .miss), ("Totaal mis, twee keer geprobeerd.", .miss(2)),
                                 ("Didn't have better luck with GPT.", .unclassified),
                                 // (heldout-102, heldout-103) `no` answering a question, then the turns.
                                 ("one shot? no. two shots.", .partial(2)),
                                 // (heldout-104 to heldout-107) `x86` is no count; Spanish `me rendí` is giving up.
                                 ("Doesn't work on ARM. Or on x86.", .miss), ("Me rendí después de 4 intentos.", .miss(4)),
                                 // (heldout-121) Sarcasm in words: `in a universe where`.
                                 ("Worked great... in a universe where that library exists.", .miss),
                                 ("it's so over", .miss), ("Worked, but not the whole thing.", .partial(nil)),
                                 // (heldout-134) A number after `dropped ... from` that is no measure.
                                 ("Worked, but dropped tests from 3 files.", .unclassified),
                                 // (phrasings-168 to phrasings-217) `basically` qualifies like `mostly`.
                                 ("Basically worked. Off-by-one in the loop, fixed.", .partial(nil)),
                                 // (heldout-322 to heldout-337) `back to square one` is a failure.
                                 ("After an hour of back-and-forth, back to square one.", .miss),
                                 // (heldout-338 to heldout-353) the user's two days before the prompt.
                                 ("worked, lol, after I'd spent two days on it myself", .hit),
                                 // (heldout-370 to heldout-401) nothing tweaked.
                                 ("Immediately usable. Tweaked nothing.", .hit),
                                 // (phrasings-266 to phrasings-417 trained on) Readings the retrained model
                                 // now leaves open, or places where the rules see no signal.
                                 ("Echt nutzlos, dreimal probiert.", .miss(3)), ("gold. absolute gold.", .hit),
                                 ("never mind, it worked", .hit), ("Fixed one bug, introduced two.", .unclassified),
                                 ("Killed the session after it started editing unrelated files.", .unclassified),
                                 ("Instant fix. The cron expression was wrong and it caught it.", .unclassified),
                                 // (heldout-418 to heldout-433) a fault that stayed is no earlier try's.
                                 ("Took 4 rounds; still broken.", .miss(4)),
                                 // (heldout-490 to heldout-505) 🙃 closing a fault after a success and
                                 // `but` is rue, no irony about the success; a fix denied after
                                 // `actually`: no verdict of the rules' alone (the model places both).
                                 ("Fixed the bug but broke the dark mode toggle 🙃", .unclassified),
                                 ("Helped, but didn't actually fix the bug.", .unclassified),
                                 // (heldout-506 to heldout-521) `just kidding` takes the praise back.
                                 ("worked first try!!! ...just kidding, nothing compiled", .miss),
                                 // (heldout-554 to heldout-569) `Proper fix`; `took down` is a failure.
                                 ("Proper fix, not a workaround. Closed the ticket.", .hit),
                                 ("Absolutely brilliant, it only took down staging.", .unclassified)] {
            #expect(OutcomeModelTests.rulesAlone(text) == expected, "\(text)")
        }
        // The answer's rephrasing is no retry: no count, and nothing else the rules read (the outcome
        // model places it).
        #expect(OutcomeModelTests.rulesAlone("it just rephrased my question back at me") == .unclassified)
        #expect(OutcomeModelTests.rulesAlone("it just rewrote my prompt back to me lol") == .unclassified)
    }

    /// A failure said first is a miss whatever follows: a colon, a dash or nothing after it.
    @Test func failureOpeningsAreMisses() {
        // Read as partial or unclassified before: the issue's own examples.
        #expect(OutcomeClassifier.classify(text: "Failed after 3 turns: the fix compiled but broke deep links.") == .miss(3))
        #expect(OutcomeClassifier.classify(text: "FAILED — lost track of the schema") == .miss(nil))
        #expect(OutcomeClassifier.classify(text: "Didn't work: it compiled, but the output was wrong") == .miss(nil))
        let openings = ["Failed", "FAILED", "failed", "Didn't work", "Didn’t work", "didnt work", "Did not work",
                        "DID NOT WORK", "No luck", "no luck", "Gave up", "gave up", "Nope", "NOPE", "Fail", "Giving up",
                        "It didn't work", "I gave up", "**Failed**", "Miss"]
        let tails = ["it compiled but broke deep links", "worked in the REPL, not in the app",
                     "close, but the tests pass", "partially right", "✅ in the playground", "works for ASCII only",
                     "it solved a different problem"]
        for o in openings {
            for end in ["", ".", "!", " :(", " ❌"] {
                #expect(OutcomeClassifier.classify(text: o + end) == .miss(nil), "\(o + end)")
            }
            for sep in [": ", " — ", " – ", " - ", " -- ", ":", " (", ". "] {
                for tail in tails {
                    let text = o + sep + tail
                    #expect(OutcomeClassifier.classify(text: text) == .miss(nil), "\(text)")
                }
            }
            for (count, n) in [("after 3 turns", 3), ("after four turns", 4), ("after 1 turn", 1), ("twice", 2),
                               ("on the third attempt", 3), ("(5 tries)", 5), ("after ~6 turns", 6)] {
                let text = o + " " + count + ": " + tails[0]
                #expect(OutcomeClassifier.classify(text: text) == .miss(n), "\(text)")
            }
        }
        // Not openings: what follows the failure turns it around, and is read as before.
        #expect(OutcomeClassifier.classify(text: "Failed first try, worked on the second") == .partial(2))
        #expect(OutcomeClassifier.classify(text: "Didn't work until the third try") == .partial(3))
        #expect(OutcomeClassifier.classify(text: "Failed twice then worked") == .partial(2))
        #expect(OutcomeClassifier.classify(text: "Didn't work first try") == .unclassified)
        #expect(OutcomeClassifier.classify(text: "Build failed at first, then worked") == .partial(nil))
    }

    /// Turn counts wherever the writer put them, in digits or words, for every verdict.
    @Test func turnCountsWhereverWritten() {
        let words = ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"]
        let ordinals = ["second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"]
        for n in 2...12 {
            let counts = ["\(n)", words[n - 2]]
            for c in counts {
                for (text, expected) in [
                    ("Worked after \(c) turns", Classification.partial(n)),
                    ("worked (\(c) turns)", .partial(n)),
                    ("Worked, \(c) tries", .partial(n)),
                    ("took \(c) rounds", .partial(n)),
                    ("✅ \(c) attempts", .partial(n)),
                    ("Failed after \(c) turns", .miss(n)),
                    ("Failed (\(c) turns)", .miss(n)),
                    ("Gave up after \(c) tries", .miss(n)),
                    ("No luck after \(c) rounds", .miss(n)),
                    ("didn't work, \(c) tries", .miss(n)),
                    ("Tried \(c) times, no luck", .miss(n)),
                    ("❌ (\(c) attempts)", .miss(n)),
                    ("Failed. Tried \(c) times.", .miss(n)),
                    ("Partly worked. Took \(c) turns.", .partial(n)),
                ] {
                    #expect(OutcomeClassifier.classify(text: text) == expected, "\(text)")
                    // The same bullet wrapped before the noun: as the log parser gives it (the
                    // renderer's two-space indent dropped) and as stats' reader does (kept).
                    for wrap in ["\n", "\n  ", "\n\t"] {
                        guard let space = text.range(of: " ", options: .backwards) else { continue }
                        let wrapped = text.replacingCharacters(in: space, with: wrap)
                        #expect(OutcomeClassifier.classify(text: wrapped) == expected, "\(wrapped.debugDescription)")
                    }
                }
            }
            if n - 2 < ordinals.count {
                for o in [ordinals[n - 2], "\(n)\(n == 2 ? "nd" : n == 3 ? "rd" : "th")"] {
                    #expect(OutcomeClassifier.classify(text: "Worked on the \(o) attempt") == .partial(n), "\(o)")
                    #expect(OutcomeClassifier.classify(text: "\(o) try") == .partial(n), "\(o)")
                    #expect(OutcomeClassifier.classify(text: "Gave up on the \(o) attempt") == .miss(n), "\(o)")
                    #expect(OutcomeClassifier.classify(text: "worked on the \(o)\n  try") == .partial(n), "\(o)")
                }
            }
        }
        #expect(OutcomeClassifier.classify(text: "took two\n  rounds") == .partial(2))
        #expect(OutcomeClassifier.classify(text: "Worked after ~5 turns") == .partial(5))
        // A range or "a couple" states no single number.
        #expect(OutcomeClassifier.classify(text: "Worked after 2-3 turns") == .partial(nil))
        #expect(OutcomeClassifier.classify(text: "Worked after 2–3 tries") == .partial(nil))
        #expect(OutcomeClassifier.classify(text: "Took a couple of rounds") == .partial(nil))
        // Retries and follow-ups come after the first prompt.
        #expect(OutcomeClassifier.classify(text: "Retried once, then it worked") == .partial(2))
        #expect(OutcomeClassifier.classify(text: "Needed two follow-ups") == .partial(3))
        // So do "more" prompts and "another" try, in digits or words.
        for (more, n) in [("one", 2), ("1", 2), ("two", 3), ("2", 3), ("three", 4)] {
            #expect(OutcomeClassifier.classify(text: "needed \(more) more prompts") == .partial(n), "\(more)")
            #expect(OutcomeClassifier.classify(text: "worked after \(more) more\n  tries") == .partial(n), "\(more)")
            #expect(OutcomeClassifier.classify(text: "gave up after \(more) extra attempts") == .miss(n), "\(more)")
        }
        #expect(OutcomeClassifier.classify(text: "needed another prompt") == .partial(2))
        #expect(OutcomeClassifier.classify(text: "Worked after rephrasing once") == .partial(2))
        #expect(OutcomeClassifier.classify(text: "had to rephrase twice") == .partial(3))
        #expect(OutcomeClassifier.classify(text: "Ci sono voluti due tentativi, poi ok") == .partial(2))
        #expect(OutcomeClassifier.classify(text: "ok after 4 trys") == .partial(4))
    }

    /// A verdict needs a clear signal and no opposing one. Each case is a principle, not a phrase:
    /// praise of a part, a part redone or kept, a sarcasm cue, doubt elsewhere in the bullet, turns
    /// followed by failure alone, another attempt's failure, and the languages' own words.
    @Test func conflictingSignalsAndParts() {
        for (text, expected) in [
            // Praise of a beginning or of something besides the answer is praise of a part.
            ("Good start, needed a lot of cleanup.", Classification.partial(nil)),
            ("Good first draft. Rewrote the error messages by hand.", .partial(nil)),
            ("Gave a good outline, I filled in the rest.", .partial(nil)),
            ("Helpful explanation; code I wrote myself.", .partial(nil)),
            ("Got the UI right, the networking layer not so much.", .partial(nil)),
            ("works but it's ugly, will refactor later", .partial(nil)),
            ("Correct, but slow as hell.", .partial(nil)),
            // The user redoing or keeping a part: partial; all of it: a miss.
            ("It got the algorithm; I rewrote the I/O.", .partial(nil)),
            ("Eh, it got the layout; colors and spacing I did myself.", .partial(nil)),
            ("Kept the tests, threw away the implementation.", .partial(nil)),
            ("Kept the second option", .unclassified),
            ("I rewrote the whole thing", .miss),
            // A sarcasm cue vetoes every success in the bullet; a cue in words beside nothing else is a miss.
            ("Oh sure, \"just use a singleton\". Very helpful.", .miss),
            ("Brilliant, it \"optimized\" the loop into an infinite one.", .miss),
            ("Amazing, it deleted the tests to make them pass /s", .miss),
            ("yeah right, \u{201C}fixed\u{201D}", .miss),
            // Doubt anywhere, or a question of doubt before, leaves it open; "not sure why" does not.
            ("Great, I guess?? Or terrible. Can't tell yet.", .unclassified),
            ("Compiled. Didn't run it yet.", .unclassified),
            ("Worked. Need to recheck on Linux.", .unclassified),
            ("didn't work, not sure why", .miss),
            ("Worked, no idea why.", .hit),
            // Turns, then failure alone: a miss after those turns.
            ("Tried twice. Both wrong in different ways.\n  Wrote it by hand.", .miss(2)),
            ("Tried 6 times. Nothing usable.", .miss(6)),
            ("Took 6 prompts and it still didn't handle\n  pagination. Gave up.", .miss(6)),
            // A later sentence qualifies a hit; the user writing it anew conflicts with the praise.
            ("Works. Had to fix the imports myself.", .partial(nil)),
            ("Solved it. Sort of.", .partial(nil)),
            ("Nice. But I ended up writing my own.", .unclassified),
            ("Worked with o1 but not 4o", .partial(nil)),
            ("Yes and no.", .unclassified),  // both at once: which weighs more is not said
            ("meh, it works", .partial(nil)),
            ("worked first try, tho the variable names are a bit meh", .hit),
            // Who finished the work: the user after a failure of the whole answer is a miss, the
            // user patching an answer praised in part is partial, the user redoing a part denied
            // is partial.
            ("a wrong answer; I fixed it myself", .miss),
            ("Decent outline, wrong version, patched.", .partial(nil)),
            ("the parser worked, the printer didn't. did that part myself", .partial(nil)),
            ("Second try nailed it, the first one invented a flag.", .partial(2)),
            // Failure that lasts to the end after turns; quoted words are the answer's, not a verdict.
            ("15 prompts in and still crashing. done.", .miss(15)),
            ("Two rounds of \"great catch, fixed!\" and the same bug each time. Did it myself.", .miss(2)),
            // Words that only look like success, and self-contradiction.
            ("yeah nah", .miss),
            ("nah yeah, works", .hit),
            ("Worked fine, except it didn't work.", .unclassified),
            ("Great! Well, no. Hard to say.", .unclassified),
            ("Right. Wrong. Who knows.", .unclassified),
            ("great, it rewrote the fixture.", .unclassified),
            // (Praise again, alone, after the deed names a fault: the joke told twice, a miss.)
            ("great, it rewrote the fixture to match the bug. so helpful.", .miss),
            ("nice answer to a different problem", .unclassified),
            ("moved to a different task", .unclassified),
            ("hit and miss", .unclassified),
            // Qualifications: temporary, a closing shrug, half, all but some.
            ("fine for now", .partial(nil)),
            ("it works, meh", .partial(nil)),
            ("50/50", .partial(nil)),
            ("all but two tests pass", .partial(nil)),
            // Failure that persists; success until something.
            ("Still the same error after 3 tries", .miss(3)),
            ("Same error.", .miss),
            ("Worked great until I tried it on real data.", .unclassified),
            ("Great, now I have two bugs instead of one.", .miss),
            ("The approach was right but the code was buggy", .miss),
            // A denial alone after success denies a part: with the part named, a part failed; a
            // check (CI) denied is a failure; a denied failure alone is faint praise.
            ("The regex was right, the surrounding code wasn't.", .partial(nil)),
            ("worked, but the CI didn't", .miss),
            ("it did the frontend part fine, backend was nonsense", .partial(nil)),
            ("Output compiled but was logically wrong; scrapped it.", .miss),
            ("Not terrible.", .unclassified),
            ("Not bad at all, worked as is.", .hit),
            ("no regressions, shipped", .hit),
            ("So far so good.", .unclassified),
            ("Circular reasoning, no fix.", .miss),
            ("Had the right idea but used an API that doesn't exist.", .miss),
            ("Good idea, bad code.", .unclassified),
            ("Kept making the same mistake.", .miss),
            // A quantifier's negation reaches past a count; an ordinal answer is a turn.
            ("None of the 4 attempts compiled.", .miss(4)),
            ("Regenerated once, second answer was good.", .partial(2)),
            ("Kept the second option", .unclassified),
            ("good approach, worked first try", .hit),
            // A failure of another attempt does not undo a hit: open.
            ("1st try: perfect. 2nd run, same prompt: garbage.", .unclassified),
            // One turn and more than one, both said.
            ("Worked first try\n  after I pasted the full error", .unclassified),
            // Success then failure stays open; compiling alone is no success.
            ("Passed locally, fails in CI, no idea which\n  one to trust yet.", .unclassified),
            ("Compiles but hangs", .miss),
            // Scores, "w/o", "dropped".
            ("10/10 would prompt again", .hit),
            ("solid 9/10, one rename needed", .partial(nil)),
            ("worked w/o any tweaks", .hit),
            ("Dropped it; the library docs were clearer.", .miss),
            ("**Worked first time** — dropped it straight into the repo", .hit),
            ("Worked. Dropped from 180 ms to 38 ms.", .hit),
            // Other languages, with the same conflict rule.
            ("Werkte meteen, geen aanpassingen nodig.", .hit),
            ("Werkte niet, na drie pogingen opgegeven.", .miss(3)),
            ("Werkte pas na twee pogingen.", .partial(2)),
            ("Nach zwei Rückfragen lief es.", .partial(3)),
            ("一次就成功了", .hit),
            ("追问了两次才对", .partial(3)),
            ("完全不行，放弃了", .miss),
            ("Funcionó en parte.", .partial(nil)),
            ("Niente da fare, l'ho scritto io.", .miss),
            ("Impossible de lui faire comprendre, j'ai laissé tomber.", .miss),
            // "but" and "had to" in other languages.
            ("Funktioniert, aber nur mit Workaround.", .partial(nil)),
            ("Ça marche, mais j'ai dû corriger deux trucs.", .partial(nil)),
            ("Funziona, ma ho dovuto sistemare.", .partial(nil)),
            ("No sirvió para nada.", .miss),
            ("ほぼできた", .partial(nil)),
            ("完美，一次搞定", .hit),
            ("Leider falsch.", .miss),
            // More sarcasm cues: vetoed praise says nothing, so the bullet reads on, and a cue in
            // words with nothing else is a miss.
            ("It 'works'.", .miss),
            ("10/10 no notes (this is sarcasm)", .miss),
            ("Thanks, I hate it.", .miss),
            ("Great. 🙄", .miss),
            ("🙄", .unclassified),
            ("It kept \"fixing\" the test by deleting the assertion. smh", .miss),
            ("wow. so helpful. it deleted my migrations 🙃", .miss),
            ("Works, technically.", .unclassified),
            // Success because of the answer's own failure is none; "that's about it" retracts.
            ("Passed all tests — because it rewrote the tests.", .miss),
            ("tests passed... because it deleted them", .miss),
            ("Worked, because I rewrote the prompt", .partial(nil)),
            ("Compiles. That's about it.", .miss),
            ("spent an hour, got nothing", .miss),
            ("Unfortunately the suggested approach didn't compile;\n  I went a different way.", .miss),
        ] {
            #expect(OutcomeClassifier.classify(text: text) == expected, "\(text)")
        }
        // The rules read the sarcasm; whatever the outcome model makes of `works` said twice, the
        // bullet is never a hit (step 10 leaves it open where the model is sure of another verdict).
        #expect(OutcomeModelTests.rulesAlone("works (for some definition of works)") == .miss)
        #expect([.miss, .unclassified].contains(OutcomeClassifier.classify(text: "works (for some definition of works)").verdict))
    }

    /// The general signals: a restriction or qualification of a success, the user doing the work,
    /// sarcasm, a negative quantifier, a check not yet made. Each reads the same in other words.
    @Test func generalSignals() {
        for (text, expected) in [
            // A success restricted or qualified holds in part.
            ("worked but only for the happy path", Classification.partial(nil)),
            ("works except on empty input", .partial(nil)),
            ("worked first try, except for the Windows paths", .partial(nil)),
            ("works on Linux only", .partial(nil)),
            ("works, but not on Safari", .partial(nil)),
            ("worked, not when offline", .partial(nil)),
            ("Works, with caveats", .partial(nil)),
            ("about 90% correct", .partial(nil)),
            ("worked, 100% correct", .hit),
            ("only took one prompt", .hit),
            ("only the first prompt was needed", .hit),
            ("worked, except it didn't", .unclassified),  // an exception that denies it all contradicts
            // Qualifications alone say nothing of the outcome.
            ("long answer, lots of caveats", .unclassified),
            ("cut the bundle by 40%", .unclassified),
            // The user did the work: a miss, unless finishing or fixing the answer.
            ("did it by hand", .miss),
            ("did it myself in the end", .miss),
            ("went with my own version", .miss),
            ("finished it myself", .partial(nil)),
            ("did the last part by hand", .partial(nil)),
            ("fixed it myself", .partial(nil)),
            // Time passing: partial beside success or alone, a miss beside failure.
            ("got it eventually", .partial(nil)),
            ("worked in the end", .partial(nil)),
            ("eventually gave up", .miss),
            // Sarcasm: praise beside an eye-roll, or praise standing alone before failure.
            ("Great, another confidently wrong answer 🙃", .miss),
            ("it deleted my tests to make them pass 🙄 reverted", .miss),
            ("Yeah, worked perfectly... if you don't count the segfault", .miss),
            ("Yeah, worked perfectly... if you ignore the crash", .miss),
            ("oh great, it broke the build", .miss),
            ("got it on attempt #6 🙃", .partial(6)),
            ("works 🙃", .unclassified),
            ("Great, no issues", .hit),
            ("Nice, but it broke the build", .unclassified),
            // A negative quantifier reaches to the end of its clause.
            ("none of the three suggestions worked", .miss),
            ("not a single line was usable", .miss),
            ("nothing it suggested worked", .miss),
            // A check not yet made leaves success open; failure still stands.
            ("compiles, not tested yet", .unclassified),
            ("the explanation was good, haven't tried the code", .unclassified),
            ("looks right, haven't run it", .unclassified),
            ("untested", .unclassified),
            ("the code didn't even compile", .miss),
            // A few more words in other languages.
            ("Ça n'a pas marché", .miss),
            ("Funzionava a metà", .partial(nil)),
            ("Geht.", .hit),
            ("Zero edits. Shipped.", .hit),
            ("zero changes needed", .hit),
            ("no fix yet", .unclassified),
            ("Bof, ça marche pas", .miss),
            ("Ne fonctionne pas", .miss),
            ("funktioniert nicht", .miss),
            // More of the same kinds.
            ("works, minus the error handling", .partial(nil)),
            ("worked after restarting the chat", .partial(nil)),
            ("worked after rewording the prompt", .partial(nil)),
            ("good start, needed polishing", .partial(nil)),
            ("**OUTCOME TBD** (need staging access)", .unclassified),
            ("zero useful output", .miss),
            ("0 errors, all tests pass", .hit),
            ("good discussion, no code", .unclassified),
            ("ended up rewriting it from scratch", .miss),
            ("I finished the CSS, the rest was right", .partial(nil)),
        ] {
            #expect(OutcomeClassifier.classify(text: text) == expected, "\(text)")
        }
    }

    /// Stats reads the first bullet of each block in C, continuation lines joined by a line break
    /// with their indent; the log parser drops the indent. Both read the same verdict and turns.
    @Test func wrappedBulletsReadTheSameInStatsAndParser() throws {
        let log = """
            ## 2025-08-14T16:32+09:00  claude  ios
            TASK: a

            OUTCOME:
            - Worked after some back and forth, took two
              rounds in the end

            ## 2025-08-15T16:32+09:00  claude  ios
            TASK: b

            OUTCOME:
            - Failed after three
              turns: lost track of the schema

            """
        let blocks = LogParser.parse(log).blocks
        #expect(blocks.map { OutcomeClassifier.classify($0) } == [.partial(2), .miss(3)])
        let r = try Stats.compute(log, StatsRequest())
        #expect(r.total.partials == 1 && r.total.misses == 1)
        // Mean turns are turns to a working answer: the miss's count is not among them.
        #expect(r.total.turnsKnown == 1 && r.total.turnsSum == 2)
    }

    /// Words that leave the verdict open are not read as one.
    @Test func hedgesAndNonTurnsStayUnclassified() {
        for text in ["Unsure if it works", "Not sure if it works", "Should work now", "Maybe fixed",
                     "3 options given, picked the second", "Took 3 minutes to answer", "Answer in 3 parts"] {
            #expect(OutcomeClassifier.classify(text: text) == .unclassified, "\(text)")
        }
    }

    /// Success said beside a retraction, a claim, doubt or the user's own rewrite is no hit.
    @Test func successThatIsUndoneIsNoHit() {
        for (text, expected) in [
            // Retracted: the retraction is the final word.
            ("looked right, wasn't", Classification.miss),
            ("worked first try... NOT", .miss),
            ("Worked… not.", .miss),
            ("it worked... in its head", .miss),
            ("compiled, and that's all it did", .miss),
            ("worked great, said no one", .miss),
            // A later sentence that states failure alone.
            ("Worked perfectly in the demo. Prod is still broken.", .miss),
            ("Solved it. Then it crashed on launch.", .miss),
            ("Good. Not great.", .unclassified),  // success denied later: open, not a miss
            ("Worked, but the CI didn't", .miss),
            ("first try, no", .miss),
            // Claimed or seen, not shown to work.
            ("looks right", .unclassified),
            ("seems to work", .unclassified),
            ("the model says it fixed it", .unclassified),
            ("fine on paper", .unclassified),
            ("worked in theory, the output was garbage", .miss),
            // Doubt in the deciding sentence.
            ("unclear, it says it fixed it", .unclassified),
            ("depends what you count as working", .unclassified),
            ("worked first try, I think", .unclassified),
            ("can't tell if it worked", .unclassified),
            ("no idea if it's right", .unclassified),
            ("probably fixed", .unclassified),
            ("works 🤷", .unclassified),
            ("didn't work, not sure why", .miss),
            ("🤷 sort of worked", .partial(nil)),
            // The user wrote it instead.
            ("wrote it myself instead", .miss),
            ("rewrote it by hand", .miss),
            ("threw it away", .miss),
            ("rolled back", .miss),
            ("wrote the rest myself", .partial(nil)),
            ("fixed it myself", .partial(nil)),
            ("wrote the tests myself, the code worked first try", .unclassified),
            ("used async instead of callbacks, worked first try", .hit),
            // "mostly" and "half" about a thing.
            ("mostly a discussion", .unclassified),
            ("mostly boilerplate", .unclassified),
            ("hallucinated half the flags", .miss),
            ("half the tests pass", .partial(nil)),
            ("mostly worked", .partial(nil)),
            ("mostly: fine", .partial(nil)),
        ] {
            #expect(OutcomeClassifier.classify(text: text) == expected, "\(text)")
        }
    }

    /// Counts in German, French, Spanish and Japanese, in digits and number words from one to ten.
    @Test func countsInOtherLanguages() {
        let german = ["zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun", "zehn"]
        let french = ["deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix"]
        let spanish = ["dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve", "diez"]
        let kanji = ["二", "三", "四", "五", "六", "七", "八", "九", "十"]
        for n in 2...10 {
            for (text, expected) in [
                ("Nach \(german[n - 2]) Versuchen lief es", Classification.partial(n)),
                ("nach \(n) Runden funktioniert", .partial(n)),
                ("ça marche après \(french[n - 2]) essais", .partial(n)),
                ("ça marche après \(n) tours", .partial(n)),
                ("funcionó después de \(spanish[n - 2]) intentos", .partial(n)),
                ("\(kanji[n - 2])回目で動いた", .partial(n)),
                ("\(n)回目で動いた", .partial(n)),
                ("aufgegeben nach \(german[n - 2]) Versuchen", .miss(n)),
            ] {
                #expect(OutcomeClassifier.classify(text: text) == expected, "\(text)")
            }
        }
        #expect(OutcomeClassifier.classify(text: "au premier essai, parfait") == .hit)
        #expect(OutcomeClassifier.classify(text: "beim fünften Versuch lief es") == .partial(5))
        #expect(OutcomeClassifier.classify(text: "al quinto intento funcionó") == .partial(5))
    }

    @Test func blocksUseTheirFirstBullet() {
        let log = LogParser.parse("""
            ## 2025-08-14T16:32+09:00  claude  ios
            TASK: x

            OUTCOME:
            - Gave up.
            - Worked first try on the other model.

            ## 2025-08-15T16:32+09:00  claude  ios
            TASK: y

            """)
        #expect(OutcomeClassifier.classify(log.blocks[0]) == .miss)
        #expect(OutcomeClassifier.classify(log.blocks[1]) == .none)
    }

    @Test func toleratesInvalidBytesAndControls() {
        let bytes: [UInt8] = [0xFF, 0xFE, 0x00, 87, 111, 114, 107, 101, 100, 0xC3, 10, 0xF0, 0x9F]
        let c = bytes.withUnsafeBufferPointer { OutcomeClassifier.classify(utf8: $0) }
        #expect(c == .unclassified || c == .hit)
        let emoji = Array("✅".utf8)
        for cut in 0..<emoji.count {
            _ = Array(emoji[0..<cut]).withUnsafeBufferPointer { OutcomeClassifier.classify(utf8: $0) }
        }
    }
}

/// Hand-labelled phrasings from many writers: `Fixtures/outcomes/phrasings.tsv` (which says where
/// they come from), `phrasings-2.tsv` to `phrasings-489.tsv` and `phrasings-pinned.tsv`, the rules
/// were tuned and the outcome model trained on; `heldout-62.tsv`, `heldout-63.tsv` and
/// `heldout-490.tsv` to `heldout-601.tsv`, written by a hundred and fourteen who never saw the
/// rules, which the model is not trained on (`phrasings-7.tsv`, `phrasings-10.tsv`,
/// `phrasings-12.tsv` and `phrasings-14.tsv` to `phrasings-489.tsv` were held-out sets before
/// them).
@Suite struct OutcomePhrasingCorpusTests {
    struct Row {
        var file: String
        var line: Int
        var text: String
        var expected: Classification
    }

    /// The rows of one file: `text<TAB>verdict<TAB>turns`, `#` comments, `\n` for a line break.
    static func rows(_ name: String) throws -> [Row] {
        let data = String(decoding: try Fixtures.bytes("outcomes/" + name), as: UTF8.self)
        var rows: [Row] = []
        for (n, line) in data.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where !line.isEmpty && !line.hasPrefix("#") {
            let f = line.split(separator: "\t", omittingEmptySubsequences: false)
            precondition(f.count == 3, "\(name) line \(n + 1): \(f.count) fields, not 3")
            let verdict = Verdict(rawValue: String(f[1]))!
            rows.append(Row(file: name, line: n + 1, text: f[0].replacingOccurrences(of: "\\n", with: "\n"),
                            expected: Classification(verdict: verdict, turns: Int(f[2]))))
        }
        return rows
    }

    /// The rows the rules were tuned on.
    static func tuning() throws -> [Row] {
        try ["phrasings.tsv", "phrasings-2.tsv", "phrasings-3.tsv", "phrasings-4.tsv", "phrasings-5.tsv", "phrasings-6.tsv",
         "phrasings-7.tsv", "phrasings-8.tsv", "phrasings-9.tsv", "phrasings-10.tsv", "phrasings-11.tsv", "phrasings-12.tsv",
         "phrasings-13.tsv", "phrasings-14.tsv", "phrasings-15.tsv", "phrasings-16.tsv",
         "phrasings-17.tsv", "phrasings-18.tsv", "phrasings-19.tsv", "phrasings-20.tsv",
         "phrasings-21.tsv", "phrasings-22.tsv", "phrasings-23.tsv", "phrasings-24.tsv", "phrasings-25.tsv", "phrasings-26.tsv", "phrasings-27.tsv", "phrasings-28.tsv", "phrasings-29.tsv", "phrasings-30.tsv", "phrasings-31.tsv", "phrasings-32.tsv", "phrasings-33.tsv", "phrasings-34.tsv", "phrasings-35.tsv", "phrasings-36.tsv",
         "phrasings-37.tsv", "phrasings-38.tsv", "phrasings-39.tsv", "phrasings-40.tsv", "phrasings-41.tsv", "phrasings-42.tsv", "phrasings-43.tsv", "phrasings-44.tsv", "phrasings-45.tsv", "phrasings-46.tsv", "phrasings-47.tsv", "phrasings-48.tsv", "phrasings-49.tsv", "phrasings-50.tsv", "phrasings-51.tsv", "phrasings-52.tsv", "phrasings-53.tsv", "phrasings-54.tsv", "phrasings-55.tsv", "phrasings-56.tsv", "phrasings-57.tsv", "phrasings-58.tsv", "phrasings-59.tsv", "phrasings-60.tsv", "phrasings-61.tsv", "phrasings-62.tsv", "phrasings-63.tsv", "phrasings-64.tsv", "phrasings-65.tsv", "phrasings-66.tsv", "phrasings-67.tsv", "phrasings-68.tsv", "phrasings-69.tsv", "phrasings-70.tsv", "phrasings-71.tsv", "phrasings-72.tsv", "phrasings-73.tsv", "phrasings-74.tsv", "phrasings-75.tsv", "phrasings-76.tsv", "phrasings-77.tsv", "phrasings-78.tsv", "phrasings-79.tsv", "phrasings-80.tsv", "phrasings-81.tsv", "phrasings-82.tsv", "phrasings-83.tsv", "phrasings-84.tsv", "phrasings-85.tsv", "phrasings-86.tsv", "phrasings-87.tsv", "phrasings-88.tsv", "phrasings-89.tsv", "phrasings-90.tsv", "phrasings-91.tsv", "phrasings-92.tsv", "phrasings-93.tsv", "phrasings-94.tsv", "phrasings-95.tsv", "phrasings-96.tsv", "phrasings-97.tsv", "phrasings-98.tsv", "phrasings-99.tsv", "phrasings-100.tsv", "phrasings-101.tsv", "phrasings-102.tsv", "phrasings-103.tsv", "phrasings-104.tsv", "phrasings-105.tsv", "phrasings-106.tsv", "phrasings-107.tsv", "phrasings-108.tsv", "phrasings-109.tsv", "phrasings-110.tsv", "phrasings-111.tsv", "phrasings-112.tsv", "phrasings-113.tsv",
         "phrasings-114.tsv", "phrasings-115.tsv", "phrasings-116.tsv", "phrasings-117.tsv", "phrasings-118.tsv", "phrasings-119.tsv", "phrasings-120.tsv", "phrasings-121.tsv", "phrasings-122.tsv", "phrasings-123.tsv", "phrasings-124.tsv", "phrasings-125.tsv", "phrasings-126.tsv", "phrasings-127.tsv", "phrasings-128.tsv", "phrasings-129.tsv", "phrasings-130.tsv", "phrasings-131.tsv", "phrasings-132.tsv", "phrasings-133.tsv",
         "phrasings-134.tsv", "phrasings-135.tsv", "phrasings-136.tsv", "phrasings-137.tsv", "phrasings-138.tsv", "phrasings-139.tsv",
         "phrasings-140.tsv", "phrasings-141.tsv", "phrasings-142.tsv", "phrasings-143.tsv", "phrasings-144.tsv", "phrasings-145.tsv",
         "phrasings-146.tsv", "phrasings-147.tsv", "phrasings-148.tsv", "phrasings-149.tsv", "phrasings-150.tsv", "phrasings-151.tsv",
         "phrasings-152.tsv", "phrasings-153.tsv", "phrasings-154.tsv", "phrasings-155.tsv", "phrasings-156.tsv", "phrasings-157.tsv", "phrasings-158.tsv", "phrasings-159.tsv",
         "phrasings-160.tsv", "phrasings-161.tsv", "phrasings-162.tsv", "phrasings-163.tsv", "phrasings-164.tsv", "phrasings-165.tsv", "phrasings-166.tsv", "phrasings-167.tsv",
         "phrasings-168.tsv", "phrasings-169.tsv", "phrasings-170.tsv", "phrasings-171.tsv", "phrasings-172.tsv",
         "phrasings-173.tsv", "phrasings-174.tsv", "phrasings-175.tsv", "phrasings-176.tsv", "phrasings-177.tsv",
         "phrasings-178.tsv", "phrasings-179.tsv", "phrasings-180.tsv", "phrasings-181.tsv", "phrasings-182.tsv",
         "phrasings-183.tsv", "phrasings-184.tsv", "phrasings-185.tsv", "phrasings-186.tsv", "phrasings-187.tsv",
         "phrasings-188.tsv", "phrasings-189.tsv", "phrasings-190.tsv", "phrasings-191.tsv", "phrasings-192.tsv",
         "phrasings-193.tsv", "phrasings-194.tsv", "phrasings-195.tsv", "phrasings-196.tsv", "phrasings-197.tsv",
         "phrasings-198.tsv", "phrasings-199.tsv", "phrasings-200.tsv", "phrasings-201.tsv", "phrasings-202.tsv",
         "phrasings-203.tsv", "phrasings-204.tsv", "phrasings-205.tsv", "phrasings-206.tsv", "phrasings-207.tsv",
         "phrasings-208.tsv", "phrasings-209.tsv", "phrasings-210.tsv", "phrasings-211.tsv", "phrasings-212.tsv",
         "phrasings-213.tsv", "phrasings-214.tsv", "phrasings-215.tsv", "phrasings-216.tsv", "phrasings-217.tsv",
         "phrasings-218.tsv", "phrasings-219.tsv", "phrasings-220.tsv", "phrasings-221.tsv", "phrasings-222.tsv", "phrasings-223.tsv",
         "phrasings-224.tsv", "phrasings-225.tsv", "phrasings-226.tsv", "phrasings-227.tsv", "phrasings-228.tsv", "phrasings-229.tsv",
         "phrasings-230.tsv", "phrasings-231.tsv", "phrasings-232.tsv", "phrasings-233.tsv", "phrasings-234.tsv", "phrasings-235.tsv",
         "phrasings-236.tsv", "phrasings-237.tsv", "phrasings-238.tsv", "phrasings-239.tsv", "phrasings-240.tsv", "phrasings-241.tsv",
         "phrasings-242.tsv", "phrasings-243.tsv", "phrasings-244.tsv", "phrasings-245.tsv", "phrasings-246.tsv", "phrasings-247.tsv",
         "phrasings-248.tsv", "phrasings-249.tsv", "phrasings-250.tsv", "phrasings-251.tsv", "phrasings-252.tsv", "phrasings-253.tsv",
         "phrasings-254.tsv", "phrasings-255.tsv", "phrasings-256.tsv", "phrasings-257.tsv", "phrasings-258.tsv", "phrasings-259.tsv",
         "phrasings-260.tsv", "phrasings-261.tsv", "phrasings-262.tsv", "phrasings-263.tsv", "phrasings-264.tsv", "phrasings-265.tsv",
         "phrasings-266.tsv", "phrasings-267.tsv", "phrasings-268.tsv", "phrasings-269.tsv", "phrasings-270.tsv", "phrasings-271.tsv",
         "phrasings-272.tsv", "phrasings-273.tsv", "phrasings-274.tsv", "phrasings-275.tsv", "phrasings-276.tsv", "phrasings-277.tsv",
         "phrasings-278.tsv", "phrasings-279.tsv", "phrasings-280.tsv", "phrasings-281.tsv", "phrasings-282.tsv", "phrasings-283.tsv",
         "phrasings-284.tsv", "phrasings-285.tsv", "phrasings-286.tsv", "phrasings-287.tsv", "phrasings-288.tsv", "phrasings-289.tsv",
         "phrasings-290.tsv", "phrasings-291.tsv", "phrasings-292.tsv", "phrasings-293.tsv", "phrasings-294.tsv", "phrasings-295.tsv",
         "phrasings-296.tsv", "phrasings-297.tsv", "phrasings-298.tsv", "phrasings-299.tsv", "phrasings-300.tsv", "phrasings-301.tsv",
         "phrasings-302.tsv", "phrasings-303.tsv", "phrasings-304.tsv", "phrasings-305.tsv", "phrasings-306.tsv", "phrasings-307.tsv",
         "phrasings-308.tsv", "phrasings-309.tsv", "phrasings-310.tsv", "phrasings-311.tsv", "phrasings-312.tsv", "phrasings-313.tsv",
         "phrasings-314.tsv", "phrasings-315.tsv", "phrasings-316.tsv", "phrasings-317.tsv", "phrasings-318.tsv", "phrasings-319.tsv",
         "phrasings-320.tsv", "phrasings-321.tsv", "phrasings-322.tsv", "phrasings-323.tsv", "phrasings-324.tsv", "phrasings-325.tsv",
         "phrasings-326.tsv", "phrasings-327.tsv", "phrasings-328.tsv", "phrasings-329.tsv", "phrasings-330.tsv", "phrasings-331.tsv",
         "phrasings-332.tsv", "phrasings-333.tsv", "phrasings-334.tsv", "phrasings-335.tsv", "phrasings-336.tsv", "phrasings-337.tsv",
         "phrasings-338.tsv", "phrasings-339.tsv", "phrasings-340.tsv", "phrasings-341.tsv", "phrasings-342.tsv", "phrasings-343.tsv",
         "phrasings-344.tsv", "phrasings-345.tsv", "phrasings-346.tsv", "phrasings-347.tsv", "phrasings-348.tsv", "phrasings-349.tsv",
         "phrasings-350.tsv", "phrasings-351.tsv", "phrasings-352.tsv", "phrasings-353.tsv", "phrasings-354.tsv", "phrasings-355.tsv",
         "phrasings-356.tsv", "phrasings-357.tsv", "phrasings-358.tsv", "phrasings-359.tsv", "phrasings-360.tsv", "phrasings-361.tsv",
         "phrasings-362.tsv", "phrasings-363.tsv", "phrasings-364.tsv", "phrasings-365.tsv", "phrasings-366.tsv", "phrasings-367.tsv",
         "phrasings-368.tsv", "phrasings-369.tsv", "phrasings-370.tsv", "phrasings-371.tsv", "phrasings-372.tsv", "phrasings-373.tsv",
         "phrasings-374.tsv", "phrasings-375.tsv", "phrasings-376.tsv", "phrasings-377.tsv", "phrasings-378.tsv", "phrasings-379.tsv",
         "phrasings-380.tsv", "phrasings-381.tsv", "phrasings-382.tsv", "phrasings-383.tsv", "phrasings-384.tsv", "phrasings-385.tsv",
         "phrasings-386.tsv", "phrasings-387.tsv", "phrasings-388.tsv", "phrasings-389.tsv", "phrasings-390.tsv", "phrasings-391.tsv",
         "phrasings-392.tsv", "phrasings-393.tsv", "phrasings-394.tsv", "phrasings-395.tsv", "phrasings-396.tsv", "phrasings-397.tsv",
         "phrasings-398.tsv", "phrasings-399.tsv", "phrasings-400.tsv", "phrasings-401.tsv", "phrasings-402.tsv", "phrasings-403.tsv",
         "phrasings-404.tsv", "phrasings-405.tsv", "phrasings-406.tsv", "phrasings-407.tsv", "phrasings-408.tsv", "phrasings-409.tsv",
         "phrasings-410.tsv", "phrasings-411.tsv", "phrasings-412.tsv", "phrasings-413.tsv", "phrasings-414.tsv", "phrasings-415.tsv",
         "phrasings-416.tsv", "phrasings-417.tsv",
         "phrasings-418.tsv", "phrasings-419.tsv", "phrasings-420.tsv", "phrasings-421.tsv", "phrasings-422.tsv", "phrasings-423.tsv",
         "phrasings-424.tsv", "phrasings-425.tsv", "phrasings-426.tsv", "phrasings-427.tsv", "phrasings-428.tsv", "phrasings-429.tsv",
         "phrasings-430.tsv", "phrasings-431.tsv", "phrasings-432.tsv", "phrasings-433.tsv", "phrasings-434.tsv", "phrasings-435.tsv",
         "phrasings-436.tsv", "phrasings-437.tsv", "phrasings-438.tsv", "phrasings-439.tsv", "phrasings-440.tsv", "phrasings-441.tsv",
         "phrasings-442.tsv", "phrasings-443.tsv", "phrasings-444.tsv", "phrasings-445.tsv", "phrasings-446.tsv", "phrasings-447.tsv",
         "phrasings-448.tsv", "phrasings-449.tsv", "phrasings-450.tsv", "phrasings-451.tsv", "phrasings-452.tsv", "phrasings-453.tsv",
         "phrasings-454.tsv", "phrasings-455.tsv", "phrasings-456.tsv", "phrasings-457.tsv", "phrasings-458.tsv", "phrasings-459.tsv",
         "phrasings-460.tsv", "phrasings-461.tsv", "phrasings-462.tsv", "phrasings-463.tsv", "phrasings-464.tsv", "phrasings-465.tsv",
         "phrasings-466.tsv", "phrasings-467.tsv", "phrasings-468.tsv", "phrasings-469.tsv", "phrasings-470.tsv", "phrasings-471.tsv",
         "phrasings-472.tsv", "phrasings-473.tsv", "phrasings-474.tsv", "phrasings-475.tsv", "phrasings-476.tsv", "phrasings-477.tsv",
         "phrasings-478.tsv", "phrasings-479.tsv", "phrasings-480.tsv", "phrasings-481.tsv", "phrasings-482.tsv", "phrasings-483.tsv",
         "phrasings-484.tsv", "phrasings-485.tsv", "phrasings-486.tsv", "phrasings-487.tsv", "phrasings-488.tsv", "phrasings-489.tsv",
         "phrasings-pinned.tsv"].flatMap(rows)
    }

    struct MissingHeldOutSet: Error, CustomStringConvertible {
        var description: String {
            "Fixtures/outcomes/heldout-62.tsv, heldout-63.tsv or heldout-490.tsv to heldout-601.tsv is missing: the held-out phrasings (rows written by someone who never "
                + "saw the rules, same columns as phrasings.tsv) must be there to measure the classifier"
        }
    }

    /// The rows held out from tuning. The file must be there: the held-out figures are required.
    static func heldOut() throws -> [Row] {
        let files = ["heldout-62.tsv", "heldout-63.tsv", "heldout-490.tsv", "heldout-491.tsv", "heldout-492.tsv", "heldout-493.tsv",
                     "heldout-494.tsv", "heldout-495.tsv", "heldout-496.tsv", "heldout-497.tsv", "heldout-498.tsv", "heldout-499.tsv",
                     "heldout-500.tsv", "heldout-501.tsv", "heldout-502.tsv", "heldout-503.tsv", "heldout-504.tsv", "heldout-505.tsv",
                     "heldout-506.tsv", "heldout-507.tsv", "heldout-508.tsv", "heldout-509.tsv", "heldout-510.tsv", "heldout-511.tsv",
                     "heldout-512.tsv", "heldout-513.tsv", "heldout-514.tsv", "heldout-515.tsv", "heldout-516.tsv", "heldout-517.tsv",
                     "heldout-518.tsv", "heldout-519.tsv", "heldout-520.tsv", "heldout-521.tsv", "heldout-522.tsv", "heldout-523.tsv",
                     "heldout-524.tsv", "heldout-525.tsv", "heldout-526.tsv", "heldout-527.tsv", "heldout-528.tsv", "heldout-529.tsv",
                     "heldout-530.tsv", "heldout-531.tsv", "heldout-532.tsv", "heldout-533.tsv", "heldout-534.tsv", "heldout-535.tsv",
                     "heldout-536.tsv", "heldout-537.tsv", "heldout-538.tsv", "heldout-539.tsv", "heldout-540.tsv", "heldout-541.tsv",
                     "heldout-542.tsv", "heldout-543.tsv", "heldout-544.tsv", "heldout-545.tsv", "heldout-546.tsv", "heldout-547.tsv",
                     "heldout-548.tsv", "heldout-549.tsv", "heldout-550.tsv", "heldout-551.tsv", "heldout-552.tsv", "heldout-553.tsv",
                     "heldout-554.tsv", "heldout-555.tsv", "heldout-556.tsv", "heldout-557.tsv", "heldout-558.tsv", "heldout-559.tsv",
                     "heldout-560.tsv", "heldout-561.tsv", "heldout-562.tsv", "heldout-563.tsv", "heldout-564.tsv", "heldout-565.tsv",
                     "heldout-566.tsv", "heldout-567.tsv", "heldout-568.tsv", "heldout-569.tsv", "heldout-570.tsv", "heldout-571.tsv",
                     "heldout-572.tsv", "heldout-573.tsv", "heldout-574.tsv", "heldout-575.tsv", "heldout-576.tsv", "heldout-577.tsv",
                     "heldout-578.tsv", "heldout-579.tsv", "heldout-580.tsv", "heldout-581.tsv", "heldout-582.tsv", "heldout-583.tsv",
                     "heldout-584.tsv", "heldout-585.tsv", "heldout-586.tsv", "heldout-587.tsv", "heldout-588.tsv", "heldout-589.tsv",
                     "heldout-590.tsv", "heldout-591.tsv", "heldout-592.tsv", "heldout-593.tsv", "heldout-594.tsv", "heldout-595.tsv",
                     "heldout-596.tsv", "heldout-597.tsv", "heldout-598.tsv", "heldout-599.tsv", "heldout-600.tsv", "heldout-601.tsv"]
        guard files.allSatisfy({ FileManager.default.fileExists(atPath: Fixtures.directory.appendingPathComponent("outcomes/" + $0).path) })
        else { throw MissingHeldOutSet() }
        return try files.flatMap(rows)
    }

    /// A wrong answer: a verdict where the honest answer is unclassified, or hit, partial and miss
    /// confused. Unclassified where a verdict was expected is not right, but not wrong.
    static func isWrong(_ got: Classification, _ expected: Classification) -> Bool {
        got.verdict != expected.verdict && got.verdict != .unclassified
    }

    struct Score: CustomStringConvertible {
        var rows = 0, right = 0, wrong = 0, unplaced = 0, wrongTurns = 0
        var failures: [String] = []
        var wrongTexts: [String] = []
        var accuracy: Double { rows == 0 ? 0 : Double(right) / Double(rows) }
        var description: String {
            "\(right)/\(rows) right (\(String(format: "%.1f", accuracy * 100))%), \(wrong) wrong verdicts, "
                + "\(unplaced) left unclassified, \(wrongTurns) with the right verdict but other turns"
        }
    }

    static func score(_ rows: [Row]) -> Score {
        var s = Score()
        for r in rows {
            let got = OutcomeClassifier.classify(text: r.text)
            s.rows += 1
            if got == r.expected { s.right += 1; continue }
            if isWrong(got, r.expected) { s.wrong += 1; s.wrongTexts.append(r.text) }
            else if got.verdict == .unclassified { s.unplaced += 1 }
            else { s.wrongTurns += 1 }
            s.failures.append("\(r.file):\(r.line): \(r.text.debugDescription) is \(got), labelled \(r.expected)")
        }
        return s
    }

    @Test func corpusIsLargeAndVaried() throws {
        let (tune, heldOut) = (try Self.tuning(), try Self.heldOut())
        #expect(tune.count >= 900 && heldOut.count >= 100)
        for v in [Verdict.hit, .partial, .miss, .unclassified] {
            #expect(heldOut.filter { $0.expected.verdict == v }.count >= 15, "\(v)")
        }
        #expect(heldOut.contains { $0.text.contains("\n") })
    }

    /// The figures docs/learn.md quotes. The goal is at least 97% right and no wrong verdict on
    /// phrasings the rules were never tuned on. Each set was measured once, blind, when it came;
    /// its header names the commit and the result, and docs/outcome-accuracy.md lists every one. A
    /// set measured is then tuned and trained on and renamed `phrasings-N.tsv`, except
    /// `heldout-62.tsv` and `heldout-63.tsv` (500 bullets from two writers, measured at ed9641c:
    /// 493 right, 98.6%, and no wrong verdict, the first pair to meet both halves of the goal),
    /// which stay held out so that the classifier is always read on bullets it was never tuned on
    /// (it reads 496 of them now). Held out with them, two rounds of four pairs measured once at
    /// 2acb232 (after `phrasings-418.tsv` to `phrasings-489.tsv` were trained on), the rules tuned
    /// on them after: `heldout-490.tsv` to `heldout-497.tsv`, 1,949 of 2,000 (97.5%) with 2 wrong
    /// verdicts, and `heldout-498.tsv` to `heldout-505.tsv`, 1,948 (97.4%) with 3; and two more at
    /// bf22429, after tuning on those, the rules tuned on them after: `heldout-506.tsv` to
    /// `heldout-513.tsv`, 1,960 (98.0%) with 3, and `heldout-514.tsv` to `heldout-521.tsv`, 1,958
    /// (97.9%) with 4; and two more at 7cb01df, after tuning on those, the rules tuned on them
    /// after: `heldout-522.tsv` to `heldout-529.tsv`, 1,965 (98.2%) with 2, and `heldout-530.tsv` to
    /// `heldout-537.tsv`, 1,960 (98.0%) with 4; and two more at 407075b, after tuning on those, the
    /// rules tuned on them after: `heldout-538.tsv` to `heldout-545.tsv`, 1,957 (97.9%) with 3, and
    /// `heldout-546.tsv` to `heldout-553.tsv`, 1,967 (98.4%) with 1; and two more at ba142df, after
    /// tuning on those, the rules tuned on them after: `heldout-554.tsv` to `heldout-561.tsv`, 1,964
    /// (98.2%) with 4, and `heldout-562.tsv` to `heldout-569.tsv`, 1,959 (98.0%) with 4; and two
    /// more at 373c6bc, after tuning on those, the rules tuned on them after: `heldout-570.tsv` to
    /// `heldout-577.tsv`, 1,958 (97.9%) with 1, and `heldout-578.tsv` to `heldout-585.tsv`, 1,967
    /// (98.4%) with 2; and two more at 1c4f67d, after tuning on those, and not tuned on:
    /// `heldout-586.tsv` to `heldout-593.tsv`, 1,955 (97.8%) with 3, and `heldout-594.tsv` to
    /// `heldout-601.tsv`, 1,966 (98.3%) with 3. This holds the classifier to those measurements,
    /// 27,929 of 28,500 with 39 wrong verdicts (no regression).
    @Test func heldOutAccuracy() throws {
        let s = Self.score(try Self.heldOut())
        print("held-out phrasings: \(s)")
        #expect(s.right >= 27929, "\(s)\n\(s.failures.joined(separator: "\n"))")
        #expect(s.wrong <= 39, "\(s)\n\(s.failures.joined(separator: "\n"))")
    }

    /// The tuned rows read as another verdict than their writer's, one a line in
    /// `outcomes/tuned-wrong.txt`, each group of them under a comment that says why it is left.
    static func knownTunedWrong() throws -> Set<String> {
        let url = Fixtures.directory.appendingPathComponent("outcomes/tuned-wrong.txt")
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: true)
        return Set(lines.filter { !$0.hasPrefix("#") }.map { $0.replacingOccurrences(of: "\\n", with: "\n") })
    }

    @Test func tunedAccuracy() throws {
        let rows = try Self.tuning()
        let s = Self.score(rows)
        print("tuned phrasings: \(s)")
        #expect(s.accuracy >= 0.97, "\(s)\n\(s.failures.joined(separator: "\n"))")
        // No wrong verdict but those named, and each named one is still a tuned row read wrong (a
        // fix takes its line out).
        let known = try Self.knownTunedWrong()
        let wrong = Set(s.wrongTexts)
        #expect(wrong.subtracting(known).isEmpty, "read wrong and not in tuned-wrong.txt: \(wrong.subtracting(known).sorted())")
        #expect(known.subtracting(wrong).isEmpty, "in tuned-wrong.txt but not read wrong: \(known.subtracting(wrong).sorted())")
    }
}
