/// The verdict of a block, read from the first bullet of its OUTCOME section.
public enum Verdict: String, Sendable, CaseIterable {
    /// Worked on the first try.
    case hit
    /// Worked after more turns, or worked partly.
    case partial
    /// Failed, gave up, did not work.
    case miss
    /// An outcome was written but the rules cannot place it (listed by `plog stats --unclassified`).
    case unclassified
    /// No OUTCOME was written (the user usually bailed).
    case none
}

/// A verdict and, where the text states it, the number of turns it took to a working answer.
public struct Classification: Sendable, Equatable, CustomStringConvertible {
    public var verdict: Verdict
    /// Turns, where the text states them: 1 for a hit; for a partial, the turns to a working
    /// answer (2 or more; `nil` when not stated); for a miss, the turns tried before giving up
    /// (`nil` when not stated); `nil` for every other verdict.
    public var turns: Int?

    public init(verdict: Verdict, turns: Int? = nil) {
        self.verdict = verdict
        self.turns = turns
    }

    public static let hit = Classification(verdict: .hit, turns: 1)
    public static let miss = Classification(verdict: .miss)
    public static let unclassified = Classification(verdict: .unclassified)
    public static let none = Classification(verdict: .none)
    public static func partial(_ turns: Int? = nil) -> Classification { Classification(verdict: .partial, turns: turns) }
    /// A miss after `turns` turns (`nil` when not stated).
    public static func miss(_ turns: Int?) -> Classification { Classification(verdict: .miss, turns: turns) }

    public var description: String { verdict.rawValue + (turns.map { "(\($0))" } ?? "") }
}

/// Reads a verdict from the user's own words. All the rules live in this file; docs/learn.md
/// lists them phrase by phrase. The classifier never guesses: text whose signals conflict is
/// `.unclassified`, and so is text with none that the outcome model (step 9) is not sure of, and
/// text the model is sure means another verdict (step 10); of conflicting signals, only those the
/// model is sure are a partial success are read as one (step 11).
///
/// How a text is read:
/// 1. Case, curly apostrophes, punctuation, emoji variation selectors and spacing do not matter;
///    `n't` reads as `not`; hyphens split words (`one-shot` = `one shot`), except between digits,
///    where they make a range (`2-3 turns` states no number). A line break inside the bullet is
///    where it wrapped, so it reads as a space (`took two` / `  rounds`). A few words of German,
///    French, Spanish, Portuguese, Italian, Dutch, Chinese and Japanese are in the lexicon (`，` and
///    `。` break as `,` and `.` do); `w/o` is `without`; a score `10/10` is perfect, `0/3` a failure,
///    `9/10` a qualification.
/// 2. An opening decides outright. A failure said first (`missOpenings`: `Failed`, `Didn't work`,
///    `No luck`, `Gave up`, `Nope` ...), maybe with a turn count (`after 3 turns`, `(3 turns)`),
///    then a colon, a dash, a bracket or the sentence's end (or a semicolon after `failure`, or a
///    comma after `Didn't work` and the like when what follows says why, not how it went on), is
///    a miss whatever follows (the form `plog outcome --miss` writes is `Failed: TEXT`, with
///    `--turns N` `Failed after N turns: TEXT`). `hit`, `miss` or `partial` followed by
///    punctuation or the end, and `partially:` / `partly:` / `mostly:` / `semi-success:` /
///    `partial success:`, are labels. The openings
///    `plog outcome --hit` and `--partial --turns N` write (`Worked first try.`, `Worked after 3
///    turns.`) are labels too, whatever note follows, except a note after `Worked first try.` that
///    says failure or takes it back (`Worked first try. Didn't work.`, `... NOT`): the writer
///    contradicts the opening, so it is unclassified.
/// 3. Otherwise the text is read sentence by sentence (`.`, `!`, `?`); the first sentence
///    with any signal decides. Signals are hit (`first try`, `one-shot`, `nailed it`, ✅ ...),
///    partial (`partially`, `mostly`, `with tweaks` ...), time (`eventually`, `in the end`),
///    restriction (`except`, `only for`, `not on`, `caveats`, `90%`), miss (`failed`, `no luck`,
///    `gave up`, ❌ ...), success (`worked`, `solved`, `yes` ...) and turn counts (`after 3 turns`,
///    `third try`, `2 rounds`, `twice`, `attempt 3`, `a few tries`; `after 1 turn` is partial with
///    the count unknown, as written by `plog outcome --partial --turns 1`). A negation (`not`,
///    `never`, `no`, `without`, `nothing`) up to four words ahead in the same clause (`none`,
///    `nothing`, `not a single`: to the clause's end) flips the first signal after it; a hedge
///    (`if`, `should`) drops it. An ellipsis is a pause, not a sentence end.
/// 4. Within the deciding sentence, in order: a turn count of two or more (or an unstated "more
///    turns") means partial, or a miss after that many turns when only failure is said; the user's
///    own work (`by hand`) with nothing that says the answer helped is a miss; partial words, time
///    words, the user's own work, and a success restricted or qualified mean partial (but partial
///    words beside failure words and no success are unclassified, time beside them a miss);
///    a hit signal means hit, unless failure is also said (unclassified); a negated hit ("not first
///    try") with success is partial; failure followed by success ("failed, then worked") is
///    partial, success followed by failure is unclassified; failure alone is a miss; success alone
///    is a hit. A count the deciding sentence lacks may come later ("Worked. Took 3 turns." is
///    partial(3), "Failed. Tried 4 times." miss(4)). A count and nothing else (`3 turns.`, `two
///    tries`, `x3`) says how many turns, not how they ended: unclassified.
/// 5. Undone success is never a hit: doubt in the deciding sentence (`unclear`, `not sure`,
///    `depends`, `I think`, `can't tell`) is unclassified unless a failure came first; 🤷 rules out a
///    hit; success only claimed (`looked right`, `seems to work`, `worked in theory`) counts for
///    nothing; success retracted later (`wasn't`, `NOT` standing alone, `in its head`) or
///    contradicted by a later sentence of failure alone is a miss (but not after the openings
///    `plog outcome` writes, which are labels); the user writing it anew (`wrote it myself
///    instead`) is a miss, and so is anything but a hit before a last sentence that throws the
///    answer away (`Reverted.`, `Binned it.`, `Gave up.`); a check not yet made (`not tested`,
///    `haven't tried it`) is doubt.
/// 6. Sarcasm: a cue anywhere in the bullet (🙄 🙃, `/s`, `smh`, `oh sure`, `yeah right`, `I hate
///    it`, one word in scare quotes: `"optimized"`) or "if you ignore the crash" beside praise makes
///    every success count for nothing; praise standing alone first, then failure or problems in
///    their own words and nothing good (`oh great, it broke the build`, `Great, now I have two
///    bugs`), is a miss.
/// 7. Conflict leaves it open, and parts are partial. Doubt in any sentence before the deciding
///    one, or after a success (`Need to recheck.`; not `not sure why`), is unclassified; a hit a
///    later sentence qualifies (`Works. Had to fix the imports myself.`) is partial; turns and
///    nothing else, then failure alone (`Tried twice. Both wrong.`), a miss after those turns; a
///    failure of another attempt (`1st try: perfect. 2nd run: garbage.`), or `first try` beside
///    `after I pasted the error`, is unclassified. Praise of a beginning (`good start`, `solid first
///    draft`) or of something besides the answer (`helpful explanation`, `the approach was right`)
///    is praise of a part; the user redoing a part (`I rewrote the I/O`, beside success) or keeping
///    one (`kept the tests, threw away the rest`) is partial; a flaw beside success (`ugly`, `slow`,
///    `not so much`) is partial; `same error`, `still the same bug`, `still didn't` are failure.
/// 8. Who finished the work decides a contrast: the user doing it after a failure of the whole
///    answer (`wrong answer, fixed it myself`) is a miss; the user patching an answer praised in
///    part (`Decent skeleton, wrong API version, patched.`) or redoing a part a denial names (`the
///    migration worked, rollback didn't. wrote that bit myself`) is partial; a hit word of another
///    attempt is success (`Second attempt nailed it, first one hallucinated a flag.`: partial, 2).
///    Two or more words in double quotes are someone else's (`three rounds of "you're absolutely
///    right!"`): no signal. Self-contradiction is open: an exception that denies the success
///    outright (`worked, except it didn't`), a retraction or later failure beside doubt anywhere
///    (`Perfect! Well, no. Depends how you count.`), both at once (`yes and no`, `hit and miss`),
///    and praise standing alone before what the answer did, told without judgement (`brilliant, it
///    rewrote the test to assert true.`). Words that only look like success: `yeah no`, `yeah
///    nah` are no.
/// 9. Where the rules find no signal at all (`Reader.saysNothing`), `OutcomeModel`, a logistic
///    regression over the bullet's words trained on the labelled phrasings, places it when it is
///    at least `modelSure` (0.8) sure.
/// 10. Where the rules give a verdict to a bullet of three words or more (`vetoWords`) and the
///    model is at least `modelVeto` (0.6) sure of another, the bullet is unclassified: one of the
///    two misreads it, and neither is trusted to say which. The model never puts its own verdict
///    in place of one the rules read (a bag of words misreads negation, order and questions: "No issues",
///    "Did not fail", "Works?"), and the openings `plog outcome` writes are not put to it. A partial
///    after a stated count ("worked on the 5th try") is left open only when the model is
///    `modelSure` of a hit: it does not know "5th" or "seventh". A model
///    that knows none of a bullet's words has no opinion, in any step.
/// 11. Where the rules leave a bullet open because its signals conflict (`Right idea, wrong API.
///    Adapted it.`: success and failure both, no failure said with nothing praised or standing
///    alone in its clause (`Good but wrong.`), and no doubt, question, sarcasm or shrug anywhere),
///    and the model is at least `modelSure` (0.8) sure it is partial, it is partial, with the count
///    a sentence states.
///    Never a hit or a miss: a bag of words reads `Success! Nothing works.` as a hit, and mixed
///    signals are the shape of a partial success.
/// 12. Where the first clause says success on the first try (`Worked first time; my manager thinks
///    I wrote it.`) and what follows kept the rules from a verdict, with no doubt, question,
///    sarcasm, shrug or check denied (`haven't verified`) anywhere, a model at least `modelCertain`
///    (0.95) sure of a hit keeps the opening's reading: a hit after one turn. The verdict is the
///    opening's; the model only says the note after it takes nothing back.
public enum OutcomeClassifier {
    /// The verdict of a block: its first OUTCOME bullet, `.none` when there is none.
    public static func classify(_ block: Block) -> Classification {
        classify(text: block.verdictText)
    }

    /// The verdict of the first OUTCOME bullet. `nil`, or text with nothing but spaces, is `.none`;
    /// text without a single word or symbol (`?`, `...`) is `.unclassified`.
    public static func classify(text: String?) -> Classification {
        guard let text else { return .none }
        var copy = text
        return copy.withUTF8 { classify(utf8: $0) }
    }

    /// The verdict of the first OUTCOME bullet given as UTF-8 bytes (invalid bytes are tolerated).
    public static func classify(utf8: UnsafeBufferPointer<UInt8>) -> Classification {
        var tokens = Tokenizer.tokenize(utf8)
        if tokens.isEmpty {
            let blank = utf8.allSatisfy { $0 == 32 || $0 == 9 || $0 == 10 || $0 == 13 }
            return blank ? .none : .unclassified
        }
        if let labelled = Reader.label(&tokens) { return labelled }
        let canonical = Reader.opensWithOutcomeLabel(tokens)
        if Reader.noteTakesBackSuccess(tokens) { return .unclassified }
        let rules = Reader.read(&tokens)
        // A note about the log or for later ("Lesson: always paste the error message, not a
        // description of it."): the rules have read it, and no step of the model places it.
        if rules.verdict == .unclassified, Reader.noteAboutTheLog(tokens) { return rules }
        if rules.verdict != .unclassified {
            // Step 10: a verdict the model is sure is another is left open (not the openings
            // `plog outcome` writes, which are the verdict).
            // (A partial after a stated count needs the model `modelSure` of a hit: the rules read
            // the count, and a bag of words does not know "5th" or "seventh".)
            guard !canonical, let model = OutcomeModel.verdict(utf8), model.words >= vetoWords,
                  model.verdict != rules.verdict, model.probability >= modelVeto,
                  !(rules.verdict == .partial && rules.turns != nil && model.verdict == .hit && model.probability < modelSure)
            else { return rules }
            return .unclassified
        }
        guard let model = OutcomeModel.verdict(utf8), model.probability >= modelSure else { return rules }
        // Step 9: where the rules found no signal at all, the outcome model reads the words.
        if Reader.saysNothing(&tokens) {
            // (No count: a stated count is a signal, so the bullet states none.)
            switch model.verdict {
            case .hit: return .hit
            case .partial, .miss: return Classification(verdict: model.verdict)
            default: return rules
            }
        }
        // Step 11: signals that conflict ("Right idea, wrong API. Adapted it."), nothing that leaves
        // the outcome open on purpose, and no failure said with nothing praised: the model may call
        // it partial, never a hit or a miss.
        if model.verdict == .partial, model.words >= vetoWords, !Reader.leftOpen(tokens),
           !Reader.failureWithoutPraise(&tokens), !Reader.failureStandsAlone(tokens) {
            // (With the count a sentence states: "Right idea, wrong API. Corrected it on the second prompt.")
            return .partial(Reader.firstCount(&tokens, in: Reader.sentences(tokens)) { _ in true })
        }
        // Step 12: an opening that claims a hit ("Worked first time; my manager thinks I wrote it."),
        // which a note after it kept the rules from reading, stands when the model is certain.
        // (Not when a check is denied: "Worked on first try per Copilot's own claim, haven't verified
        // anything myself." is the answer's word only.)
        if model.verdict == .hit, model.probability >= modelCertain, model.words >= vetoWords,
           Reader.opensWithFirstTry(tokens), !Reader.leftOpen(tokens),
           !tokens.indices.dropLast().contains(where: { tokens[$0].lex == .negation && tokens[$0 + 1].lex == .verify
               && tokens[$0 + 1].value != Reader.trustMarker }) {
            return .hit
        }
        return rules
    }

    /// How sure the outcome model must be to place a bullet the rules found no signal in (step 9),
    /// or to call conflicting signals partial (step 11).
    static let modelSure = 0.8
    /// How sure the outcome model must be of a hit to keep an opening that claims one (step 12). Of
    /// the bullets that open with success on the first try and that the rules left open, none its
    /// writer labelled otherwise was read as a hit this sure by a model not trained on it.
    static let modelCertain = 0.95
    /// How sure the outcome model must be of another verdict to leave the rules' verdict open (step 10).
    static let modelVeto = 0.6
    /// The fewest words a bullet needs for step 10: the model reads one or two words from too few
    /// features ("compiles", "got it" would be left open).
    static let vetoWords = 3
}

// MARK: - Tokens

/// What one token is, for the rules. Words outside the lexicon are `.other`.
enum Lex: UInt8 {
    case other
    case negation, success, hitQuality, hitWord, partialWord, missWord, intervention, editNoun, modifier
    case give, up, fortune, dead, end, turnNoun, vague, single, another, twice, thrice, until
    case after, once, pronoun, had, to, got, it, there, need, with, out, of, the, box, straight, right
    case away, what, wanted, asIs, spot, on, in_, at, labelHit, labelMiss, labelPartial, labelFailed
    case go, no, sort, kind, quite, pass, ok, problem, stepIn
    case nope, regret, retried, hedge, close, input, or, myself, remark
    case doubt, shrug, shortfall, seeming, retract, instead, wrote, tell, rest
    case eventually, caveat, except, only, verify, sarcasm
    case beginning, kept, still, why, whole, failsDenied, yet, same, because, answerNoun
    case number, ordinal, times
    case symbolHit, symbolMiss, symbolPartial
    case clauseBreak, sentenceEnd
}

struct Token {
    var lex: Lex
    /// The value of a number or ordinal.
    var value: Int = 0
}

enum Tokenizer {
    static let lexicon: [String: Lex] = {
        var d: [String: Lex] = [:]
        func add(_ lex: Lex, _ words: String) {
            for w in words.split(separator: " ") {
                assert(d[String(w)] == nil, "\(w) is in the lexicon twice")
                d[String(w)] = lex
            }
        }
        add(.negation, "not never without nothing none neither hardly nor cannot dint didnt doesnt dont wont cant couldnt "
            + "wasnt isnt wouldnt arent werent hasnt havent hadnt shouldnt aint"
            + " sin nicht nichts kein keine keiner ohne ne não pas niet geen nie nada rien aucune aucun niks")
        add(.no, "no nee nein")
        add(.success, "worked works work working wrk wrks success successful successfully succeeded succeeds solved solves "
            + "crack cracked lucky "
            + "resolved fixed fixd solve correct correctly good great excellent yes ja yep yeah yay helped helpful help helps "
            + "compiles compiled compile useful usable awesome fine nice accurate brilliant solid passed understood "
            + "decent figured figure win done accepted committed resolve resolves ez easy clean gelukt"
            + " lgtm green shipped merged sorted gg ftw workd wroks worekd wokred wrked wfm"
            + " erfolg erfolgreich kompiliert kompilierte funktioniert funktionierte geklappt klappt lief läuft marche marché marchait fonctionne fonctionné funcionó funciona"
            + " funzionato funziona funzionava funcionou geht gut guter gute gutes werkt werkte gewerkt"
            + " sirvió serviu servito richtig correcto correto giusto goed brauchbar brauchbares utilisable"
            + " działa działało zadziałało valid útil smooth smoothly seamless seamlessly handled ship unstuck")
        add(.ok, "ok okay")
        add(.hitQuality, "perfect perfectly flawless flawlessly impeccable impecable perfekt parfait parfaitement perfecto perfecta perfetto gold "
            + "perfeito nickel")
        add(.hitWord, "nailed oneshot oneshotted zeroshot zeroshotted bullseye immediately instantly anhieb meteen unchanged "
            + "untouched bingo "
            + "verbatim")
        // ("barely works", "something I could use, barely": a part, not a failure)
        add(.partialWord, "partially partly mostly mostley mostyl mosty basically somewhat almost nearly kinda sorta incomplete halfway half barely "
            + "tweaked unfinished patched "
            + "okayish okish tweaking tweak tweaks iterated iterating handholding massaged massaging fiddling fiddled "
            + "tinkering tinkered workable mitigated trimmed mediocre ½ "
            + "trimming functional"
            + " ish semi"
            + " teilweise teils beinahe partiellement partie presque parcialmente casi metà moitié medias mitad gedeeltelijk bijna"
            + " größtenteils grösstenteils grotendeels halb halbwegs mezzo deels quase retocar retocarlo retoques"
            // had to (fix it), in German, French, Spanish, Portuguese, Italian, Dutch
            + " musste mussten nachbessern dû fallu tuve precisei dovuto moest moesten quasi")
        // The user did the work: partial beside success (`fixed it myself`), a miss beside failure
        // (`abandoned, wrote it myself`).
        add(.myself, "myself manually selbst mine zelf manuell handmatig handwrote")  // "the edge cases are mine"
        // Time passing before the end: partial beside success (`eventually worked`) or alone
        // (`got it eventually`), a miss beside failure alone (`eventually gave up`), and no
        // help to the answer when the user did the work (`did it myself in the end`).
        add(.eventually, "eventually finally finaly eventualy evntually")
        // A qualification of the answer: partial beside success (`worked, with caveats`); alone
        // (`long answer, lots of caveats`) it says nothing of the outcome.
        add(.caveat, "caveat caveats meh eh ugh advertencias")  // "meh", "eh" only as an opening: "meh, it works", "eh, usable"
        // A restriction of a success (`works except on empty input`, `worked for the simple case
        // only`): it worked in part, a partial.
        add(.except, "except excepting minus sauf")
        add(.only, "only nur seulement solamente apenas alleen")
        // Checking the answer: not done (`haven't tried it`, `not tested yet`, `untested`), it
        // leaves the outcome open.
        add(.verify, "tested tried tryed checked verified validated deployed run testing checking reviewing verifying check "
            + "recheck retest verify confirm confirmed trust ci geprobeerd evaluated evaluate execute executed")
        // A prompt sent again: `retried once` is two turns, `rephrased twice` three.
        add(.retried, "retried retrying rephrased reprompted reprompting nudged nudging reworded rewording regenerated nachgefragt "
            + "regenerating apologized apologised yelled yelling")
        add(.intervention, "retry retries retrys retires rephrase rephrases rephrasing rephrasings reprompt reprompts followup nachfrage "
            + "followups nudge nudges regenerate regenerates correction corrections backandforth rückfragen rückfrage nachfragen "
            + "clarification reminder reminders "
            + "clarifications relance relances feedback vervolgvraag vervolgvragen vraag vragen correzioni correzione correção correções correcciones corrección korrektur korrekturen"
            + " correctie correcties bijsturen bijgestuurd")
        add(.editNoun, "edits edit changes change fixes fix adjustments adjustment modifications modification cleanup "
            + "fixups fixup touchups retouches retouche editing fixing patching patch patches aanpassingen aanpassing ajustes "
            + "ajuste ajustements ajustement cambios aggiustamenti aggiustamento ritocchi rework reworking polish polishing chnages")
        add(.modifier, "minor small light slight manual little")
        add(.missWord, "fails failing failures wrong broken broke breaks useless unusable hated janks crashava "
            + "hallucinated halucinated hallucination hallucinations hallucinating hallucinates garbage junk nonsense rubbish "
            + "worse abandoned abandonned abandonded trash fiction reverting abandon bailed unsolved unhelpful stuck crash crashed crashes crashing refused bogus "
            + "incorrect wrongly worthless waste wasted wasting pointless fabricated fake inventé nonexistent botched flubbed bungled flopped flop dud scrapped scrap reverted regression rejected declined "
            + "disaster disastrous fiasco trainwreck catastrophe wtf gibberish lost dnf yanked clueless "
            + "regressions regressed invented circles nowhere ditched discarded bad terrible awful "
            + "hang hangs hung freeze freezes froze segfault segfaults segfaulted deadlock deadlocks deadlocked "
            + "panic panics panicked threw thrown tossed binned invent invents inventing hallucinate looped dropped "
            + "deleted deleting wiped wiping infinite buggy misunderstood misread fumbled red circular segfaulting worst breaking"
            + " corrupted corrupts corrupting"
            + " fehlgeschlagen fehlschlag schlecht aufgegeben échec Échec raté abandonné falló fracasó desisti opgegeven mislukt"
            + " falsch faux incorrecto errado sbagliato fout nutzlos inutile inútil lectured repeated mess meaningless hopeless daneben quatsch erfunden erfundene"
            + " inventou inventó oom ooms oomed oomkilled bombed invalid hardcoding fictional echoed parroted bust busted fracaso mangles mangled mangling chokes choked")
        // A shortfall beside success ("tests pass but it skipped the edge cases") is no hit; alone
        // ("skipped") it says nothing of the outcome.
        add(.shortfall, "skipped missed ignored omitted missing lacking lacks forgot forgets ugly uglier ugliest ignores messy hacky hack clunky sloppy bloated moche "
            + "slow slowly shaky thin verbose wordy overengineered overkill fehlen fehlt fehlte fehlten faltou faltaba differs leaks leaking"
            + " hardcoded hardcodes tautological unreadable")
        add(.nope, "nope nah")
        // Regret before a denial opens a miss: "Sadly not", "Unfortunately no".
        add(.regret, "sadly unfortunately alas leider")
        add(.give, "give gave giving given gives")
        add(.up, "up")
        add(.fortune, "luck dice joy cigar")
        add(.dead, "dead")
        add(.end, "end")
        add(.turnNoun, "turn turns round rounds try tries attempt attempts iteration iterations prompt prompts promt promts "
            + "message messages msg msgs mensaje mensajes exchange exchanges goes shot shots shotted time times reply replies response "
            + "responses cycle cycles"
            + " versuch versuche versuchen anlauf anläufe anläufen runde runden essai essais coup tentative tentatives échanges"
            + " tour tours fois intento intentos vez veces mal colpo tentativa tentativas tentativo tentativi trys"
            + " phrasing phrasings wording wordings poging pogingen keer push pushes chance chances")
        add(.go, "go")
        add(.pass, "pass passes")
        add(.vague, "couple few several many multiple more más extra additional further weitere weiteren weiterer some lots numerous various bunch "
            + "handful umpteen alguns algumas algunos algunas unos unas quelques einige paar varios varias plusieurs mehrere")
        add(.or, "or")
        add(.another, "another")
        add(.single, "single")
        add(.twice, "twice zweimal")  // German: "Zweimal nachgefragt"
        add(.thrice, "thrice dreimal")
        add(.until, "until till")
        add(.after, "after nach après después tras depois dopo na")
        add(.once, "once")
        add(.pronoun, "i we")
        add(.had, "had have has")
        add(.to, "to")
        add(.got, "got get gets getting")
        add(.it, "it")
        add(.there, "there")
        add(.need, "need needs needed neded needing required requires nodig")
        add(.with, "with mit avec con com")
        add(.out, "out")
        add(.of, "of")
        add(.the, "the")
        add(.box, "box")
        add(.straight, "straight")
        add(.right, "right rigth")
        add(.away, "away")
        add(.what, "what")
        add(.wanted, "wanted want expected asked ask expecting listed specified described requested intended")
        add(.problem, "issue issues problem problems complaint complaints error errors bug bugs mistake mistakes"
            + " problemas problème problèmes")  // ("sin problemas", "sans problème")
        // What the user had to give or do before it worked: `needed more context`, `after some prompting`.
        add(.input, "context info information detail details hint hints guidance example examples "
            + "prompting coaxing coaching wrangling prodding arguing aanwijzing aanwijzingen")
        // What praise may be about besides the answer: `good question`, `nice idea`, `useful link`.
        add(.remark, "question questions idea ideas point points explanation thought link links pointer pointers "
            + "reference references tip tips discussion discussions conversation chat summary overview brainstorm "
            + "brainstorming approach direction structure")
        // Words that leave what follows open: `unsure if it works`, `should work`.
        add(.hedge, "hopefully if whether might should will gonna todo")
        // Doubt about the outcome itself: the sentence it is in gives no verdict ("unclear",
        // "depends", "I think", "not sure"), though a failure said before it stands ("didn't work,
        // not sure why").
        add(.doubt, "unsure unclear maybe perhaps probably depends depend idk dunno uncertain untested unverified unchecked retesting suspect "
            // "follow up tomorrow": not done yet; "Success!! ...wait. Hmm."; 'Marked as "good" by Alex, I
            // disagree.': contested
            + "tomorrow hmm hmmm waiting investigating disagree jury")  // ("Jury's still out.")
        // Success that is only claimed or seen ("looked right", "seems to work", "it says it fixed
        // it"): never a hit.
        add(.seeming, "looked looks seemed seems seemingly apparently supposedly allegedly claimed claims claiming says "
            + "pretended technically insisted insists insisting convinced convince")
        add(.tell, "tell know understand")  // "can't tell", "I don't know", "I don't understand why"
        // The user's own work beside "myself" or "by hand": writing it anew is abandoning the
        // answer ("wrote it myself"), unless it is the rest of it ("wrote the rest myself").
        add(.wrote, "wrote written write writing rewrote rewritten rewrite rewriting redid redo scritto riscritto refait")
        add(.rest, "rest remaining remainder last part parts finished finish finishing filled")
        add(.instead, "instead")
        // "if you don't count the segfault", "if you don't mind 900 lines": with a hedge and a negation before it, sarcasm.
        add(.sarcasm, "count mind smh sarcasm sarcastic")
        add(.close, "close")
        add(.stepIn, "adding added providing provided pasting pasted including included explaining explained "
            + "clarifying clarified telling told pointing pointed reminding reminded remind feed fed feeding paste")
        add(.asIs, "as")
        add(.spot, "spot")
        add(.on, "on")
        add(.in_, "in")
        add(.at, "at")
        add(.sort, "sort")
        add(.kind, "kind")
        add(.quite, "quite fully entirely completely totally")
        add(.labelHit, "hit")
        add(.labelMiss, "miss")
        add(.labelPartial, "partial")
        add(.labelFailed, "failed fail failure")
        add(.clauseBreak, "but then though although however whereas"
            + " aber mais pero mas ma maar aunque")  // but, in German, French, Spanish, Portuguese, Italian, Dutch
        // "didn't run it yet": a check not made, as against "doesn't even run".
        add(.yet, "yet")
        // "same error", "still the same bug": the failure persists.
        add(.same, "same")
        // "tests pass because it deleted them": success by a failure is no success.
        add(.because, "because")
        // What a turn gave: after an ordinal of two or more, that turn ("the second answer"; not
        // "the second option", one of several in one answer).
        add(.answerNoun, "answer answers version")
        // Praise of a beginning ("good start", "solid first draft", "a good outline"): it worked in part.
        add(.beginning, "start starting outline draft skeleton scaffold scaffolding foundation base basis bones anfang début départ")
        // "kept the tests": a part of the answer kept, so a part not; "kept it": all of it.
        add(.kept, "kept keep took")  // "took the naming idea, not the code"
        // "still didn't handle pagination": the failure persists, whatever the verb.
        add(.still, "still")
        // "not sure why", "no idea how": doubt about the cause, not the outcome.
        add(.why, "why how")
        // "rewrote the whole thing": all of it, not a part.
        add(.whole, "whole entire")
        // Words that fail when denied and say nothing alone: "doesn't build", "an API that doesn't exist".
        // (`use`, `apply`, `scale`: "closed without using it", "none of it applied", "doesn't scale")
        add(.failsDenied, "build exist exists existed use used using apply applied applies scale scales do does ran runs handle handles match matches address addresses addressed parse parses terminate terminates maneja")
        return d
    }()

    static let numbers: [String: Int] = [
        "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
        "ten": 10, "eleven": 11, "twelve": 12, "dozen": 12, "fifteen": 15, "twenty": 20, "zero": 0, "both": 2,
        // German, French and Spanish, one to ten ("nach drei Versuchen", "après deux essais", "dos intentos")
        "eins": 1, "zwei": 2, "drei": 3, "vier": 4, "fünf": 5, "sechs": 6, "sieben": 7, "acht": 8, "neun": 9, "zehn": 10,
        "un": 1, "une": 1, "deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "sept": 7, "huit": 8, "neuf": 9, "dix": 10,
        "uno": 1, "una": 1, "dos": 2, "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6, "siete": 7, "ocho": 8,
        "nueve": 9, "diez": 10,
        "um": 1, "uma": 1, "dois": 2, "duas": 2, "três": 3, "quatro": 4,  // Portuguese, where it differs ("depois de 2 tentativas")
        "due": 2, "tre": 3, "cinque": 5,  // Italian, where it differs ("due tentativi")
        "één": 1, "twee": 2, "drie": 3, "vijf": 5,  // Dutch, where it differs ("na drie pogingen")
    ]
    static let ordinals: [String: Int] = [
        "first": 1, "second": 2, "secnod": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
        "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12,
        "ersten": 1, "zweiten": 2, "dritten": 3, "vierten": 4, "fünften": 5, "sechsten": 6, "siebten": 7,
        "achten": 8, "neunten": 9, "zehnten": 10,  // beim zweiten Versuch
        "erster": 1, "zweiter": 2, "dritter": 3, "vierter": 4, "fünfter": 5, "sechster": 6, "siebter": 7,
        "achter": 8, "neunter": 9, "zehnter": 10,  // zweiter Versuch hat geklappt
        "erste": 1, "zweite": 2, "dritte": 3, "vierte": 4, "fünfte": 5,  // die dritte Runde
        "primo": 1, "secondo": 2, "terzo": 3, "primeira": 1, "terceira": 3, "terceiro": 3, "quarta": 4,
        "premier": 1, "première": 1, "deuxième": 2, "troisième": 3, "quatrième": 4, "cinquième": 5,
        "sixième": 6, "septième": 7, "huitième": 8, "neuvième": 9, "dixième": 10,  // au deuxième essai
        "primera": 1, "primer": 1, "segundo": 2, "segunda": 2, "tercer": 3, "tercera": 3, "cuarto": 4,
        "cuarta": 4, "quinto": 5, "quinta": 5, "sexto": 6, "séptimo": 7, "octavo": 8, "noveno": 9,
        "décimo": 10,  // al segundo intento
    ]

    /// Words that read as one unit: the last word of each completes the phrase, whose tokens are
    /// replaced by one.
    static let phrases: [(words: [String], lex: Lex)] = [
        (["follow", "up"], .intervention),
        (["corrective", "prompt"], .intervention),  // "Needed one corrective prompt on the SQL join.": a follow-up
        (["folow", "up"], .intervention),  // a typo, as "promt" is
        (["folow", "ups"], .intervention),
        (["partial", "index"], .other),  // "the query plan now uses the partial index": a thing named
        (["read", "only"], .other),  // "Ran it against prod data (read-only)": a mode, no restriction
        (["hard", "coded"], .shortfall),  // "it hard-coded the region", as `hardcoded`
        (["corrective", "prompts"], .intervention),
        (["follow", "ups"], .intervention),
        (["back", "and", "forth"], .intervention),
        (["one", "and", "done"], .hitWord),
        (["zero", "shot"], .hitWord),
        (["did", "the", "trick"], .success),
        (["did", "the", "job"], .success),
        (["back", "and", "forths"], .intervention),
        (["made", "up"], .missWord),  // made up an API
        (["hard", "to", "say"], .doubt),  // "Hard to say — the latency dropped but so did traffic"
        (["mixed", "up"], .missWord),  // "mixed up left and right joins"
        (["say", "for", "my"], .other),  // "more than I can say for my own attempt": no work of the user's
        (["hand", "wrote"], .myself),  // "Hand-wrote it in the end.": the user's own
        (["never", "again"], .other),  // "took ten (10!) rounds. never again.": the writer's mood, no failure
        (["another", "story"], .missWord),  // "It works on Linux. macOS is another story."
        (["time", "zones"], .other),  // "correct for all four time zones": no turns
        (["wrong", "branch"], .doubt),  // "Tried it on the wrong branch so the result tells me nothing."
        (["not", "applicable"], .doubt),  // "Not applicable — we ended up deleting the feature."
        (["proper", "fix"], .success),  // "Proper fix, not a workaround. Closed the ticket."
        (["i", "still", "did"], .myself),  // "It helped, but I still did the hard part.", as "I did"
        (["i", "still", "wrote"], .myself),
        (["irrelevant", "now"], .doubt),  // "Irrelevant now, we dropped the feature.": moot
        (["sarcasm", "aside"], .other),  // "Sarcasm aside, this one was genuinely good.": no sarcasm
        (["the", "sarcasm"], .other),  // "the sarcasm in my last note ... is hereby retracted": sarcasm spoken of
        (["full", "stop"], .other),  // "It worked. Full stop.": emphasis, nothing stopped
        (["for", "once"], .other),  // "the tests it added actually test something for once": no count
        (["time", "zone"], .other),
        (["error", "handling"], .other),  // "proper error handling added": a feature, no error
        (["re", "prompt"], .intervention),  // "had to re-prompt once"
        (["re", "prompts"], .intervention),  // "after two re-prompts": two follow-ups
        (["followed", "up"], .intervention),  // "Followed up once about pagination"
        (["fell", "back"], .missWord),  // "fell back to Stack Overflow": the user went elsewhere
        (["so", "so"], .partialWord),
        (["by", "hand"], .myself),
        (["my", "own"], .myself),  // "wrote my own"
        (["from", "scratch"], .myself),  // "rewrote it from scratch"
        (["a", "mano"], .myself),  // "l'ho scritto a mano"
        (["na", "mão"], .myself),  // "fiz na mão"
        (["deu", "certo"], .success),  // Portuguese: it worked
        (["de", "primeira"], .hitWord),  // Portuguese: the first time
        (["a", "la", "primera"], .hitWord),  // Spanish: the first time
        (["de", "primeras"], .hitWord),  // Spanish: at the first go
        (["sin", "tocar", "nada"], .hitWord),  // Spanish: without touching anything
        (["cut", "my", "losses"], .missWord),  // "after 6 turns I cut my losses"
        (["closed", "the", "tab"], .missWord),  // "Closed the tab after the second try.": gave up
        (["closed", "the", "chat"], .missWord),
        (["off", "topic"], .missWord),  // "Off-topic answer"
        (["exactly", "it"], .hitQuality),  // "THIS IS EXACTLY IT"
        (["tell", "anyone"], .other),  // "no edits (don't tell anyone)": no doubt
        (["say", "for", "myself"], .other),  // "more than I can say for myself": no work of the user's
        (["gud", "enough"], .partialWord),
        (["completely", "ignored"], .missWord),  // "COMPLETELY IGNORED THE INSTRUCTIONS"
        (["ignored", "the", "instructions"], .missWord),
        (["ignored", "my", "instructions"], .missWord),
        (["ignored", "the", "constraint"], .missWord),  // what was asked, left out: the answer failed
        (["ignored", "the", "constraints"], .missWord),
        (["ignored", "the", "requirements"], .missWord),
        (["worse", "than", "useless"], .missWord),
        (["messed", "up"], .missWord),
        (["better", "than", "nothing"], .partialWord),
        (["better", "than", "what"], .success),  // "better than what I'd have written"
        (["von", "hand"], .myself),  // German: by hand
        // Italian "non" only before a verb: "non-trivial" is no negation.
        (["non", "ha"], .negation),  // non ha funzionato
        (["non", "funziona"], .missWord),
        (["non", "funzionava"], .missWord),
        (["not", "sure"], .doubt),  // "not sure it's right" leaves it open
        (["not", "certain"], .doubt),
        (["nothing", "to", "fix"], .hitWord),  // "Nothing to fix.": no edits
        (["every", "single", "time"], .other),  // "wrong, every single time": every try, no count
        (["is", "another", "question"], .doubt),  // "it compiles. whether it's right is another question"
        (["or", "was", "it"], .doubt),  // "Worked! Actually no, that was the old build. Or was it."
        (["or", "is", "it"], .doubt),
        (["has", "no", "idea"], .missWord),  // "the model clearly has no idea what SwiftData is": its ignorance
        (["has", "no", "clue"], .missWord),
        (["no", "idea"], .doubt),
        (["keine", "ahnung"], .doubt),  // German: no idea
        (["hard", "to", "say"], .doubt),
        (["hard", "to", "tell"], .doubt),
        (["not", "yet"], .doubt),  // "compiles, not yet run"
        (["or", "not"], .doubt),  // "Success?? or not."
        (["still", "checking"], .doubt),  // "Worked. Or not — still checking."
        (["still", "testing"], .doubt),
        (["still", "verifying"], .doubt),
        (["early", "to", "tell"], .doubt),
        (["hand", "holding"], .partialWord),
        (["in", "the", "end"], .eventually),
        (["apart", "from"], .except),
        (["aside", "from"], .except),
        (["other", "than"], .except),
        (["missed", "the", "point"], .missWord),
        // "worked perfectly... if you ignore the crash": success only by looking away, sarcasm.
        (["if", "you", "ignore"], .sarcasm),
        (["love", "that", "for"], .sarcasm),  // "Great, a recursive function with no base case. Love that for me."
        (["if", "you", "enjoy"], .sarcasm),  // "perfect, if you enjoy infinite loops"
        (["if", "you", "like"], .sarcasm),  // "Perfect, if you like code that doesn't compile."
        (["if", "we", "ignore"], .sarcasm),
        (["if", "i", "wanted"], .sarcasm),  // "Perfect, if I wanted a completely different feature."
        (["if", "you", "wanted"], .sarcasm),  // "Super helpful, if you wanted code that doesn't compile."
        (["for", "no", "reason"], .shortfall),  // "Works, but it rewrote my error handling for no reason.": a change not asked for
        (["for", "unrelated", "reasons"], .doubt),  // "The deploy was rolled back for unrelated reasons.": never judged
        (["i", "think"], .doubt),
        (["i", "guess"], .doubt),
        (["i", "believe"], .doubt),
        (["in", "theory"], .seeming),  // "worked in theory"
        (["sulla", "carta"], .seeming),  // Italian: on paper ("Funzionava solo sulla carta")
        (["in", "teoria"], .seeming), (["en", "théorie"], .seeming), (["en", "teoría"], .seeming),  // the same
        (["on", "paper"], .seeming),
        (["in", "its", "head"], .retract),  // "it worked... in its head"
        (["all", "it", "did"], .retract),  // "it compiled, and that's all it did"
        (["said", "no", "one"], .retract),  // "worked great, said no one"
        (["said", "nobody"], .retract),
        (["just", "kidding"], .retract),  // "worked first try!!! ...just kidding, nothing compiled"
        (["re", "testing"], .doubt),  // "Correction: I was running the old binary. Re-testing.": the check under way
        (["fell", "over"], .missWord),
        (["fell", "apart"], .missWord),
        (["rolled", "back"], .missWord),
        (["took", "down"], .missWord),  // "Absolutely brilliant, it only took down staging."
        (["roll", "back"], .missWord),
        (["started", "over"], .missWord),
        (["start", "over"], .missWord),
        (["blow", "up"], .missWord),  // "nested arrays still blow up"
        (["blows", "up"], .missWord),
        (["blew", "up"], .missWord),
        (["not", "wasting", "more"], .missWord),  // "didnt wrk, not wasting more time on this": giving up
        (["a", "universe", "where"], .sarcasm),  // "Worked great... in a universe where that library exists."
        (["a", "world", "where"], .sarcasm),
        (["cut", "off"], .missWord),  // "Response cut off halfway, never recovered."
        (["off", "by", "a"], .missWord),  // "Off by a mile.", "off by a factor of ten"
        (["so", "over"], .missWord),  // "it's so over": all hope gone
        (["fixup", "prompt"], .intervention),  // "lgtm after 1 fixup prompt": a follow-up
        (["fixup", "prompts"], .intervention),
        (["not", "so", "much"], .partialWord),  // "got the UI right, the networking layer not so much"
        (["not", "bad", "at"], .success),  // "Not bad at all, used it as-is.": praise, not faint
        (["unable", "to"], .negation),  // "Unable to get a working version": as `couldn't`
        (["not", "able", "to"], .negation),
        (["never", "managed", "to"], .negation),
        (["able", "to"], .other),  // "wasn't able to get a working version": the negation reaches the verb (after `not able to`)
        (["not", "at", "all"], .negation),  // "the frontend part not at all": a denial standing alone
        (["good", "enough"], .partialWord),
        (["close", "enough"], .partialWord),
        (["nice", "try"], .other),  // "Nice try, but no.": consolation, not praise
        (["completely", "off"], .missWord),  // "Confident answer, completely off."
        (["byte", "for", "byte"], .hitQuality),  // "matched the expected JSON byte for byte"
        (["done", "with", "this"], .missWord),  // "still broken, done with this": gave up
        (["done", "with", "it"], .missWord),
        (["totally", "off"], .missWord),
        (["not", "really"], .doubt),  // "Worked, but not really."
        (["halfway", "through"], .other),  // "switched to opus halfway through": when, not how much
        (["un", "par", "de"], .vague),  // Spanish: a couple of
        (["un", "paio", "di"], .vague),  // Italian
        (["no", "op"], .missWord),  // "Suggested fix was a no-op."
        (["got", "the", "gist"], .partialWord),  // "it got the gist"
        (["gets", "the", "idea"], .partialWord),  // "gets the idea, code needs love"
        (["needs", "love"], .partialWord),  // "code needs love": work
        (["needs", "some", "love"], .partialWord),
        (["needed", "some", "love"], .partialWord),
        (["de", "la", "plaque"], .missWord),  // French: "à côté de la plaque", way off
        (["see", "below"], .doubt),  // "Asked again with Opus, see below.": the verdict is elsewhere
        (["see", "above"], .doubt),
        (["rolling", "back"], .missWord),
        (["on", "me"], .myself),  // "the off-by-one was on me to find"
        (["this", "is", "fine"], .other),  // the "this is fine" meme: no verdict of its own
        (["except", "for", "everything"], .retract),  // "Works great except for everything."
        (["rough", "edges"], .caveat),  // "Decent. A few rough edges."
        (["introduced", "a", "warning"], .caveat),  // "Fixed the crash, introduced a warning. Fine."
        (["introduced", "new", "warnings"], .caveat),
        (["happy", "path"], .except),  // "It works!! ...on the happy path."
        (["no", "sé"], .doubt),  // Spanish: I don't know ("aunque no sé si es correcto")
        (["pas", "terrible"], .missWord),  // French: not great
        (["la", "main"], .myself),  // French: "à la main", by hand
        (["re", "asked"], .retried),  // "Re-asked, got a complete answer."
        (["großen", "und", "ganzen"], .partialWord),  // German: by and large ("im Großen und Ganzen ok")
        (["not", "worth"], .missWord),  // "not worth it"
        (["what", "it", "says"], .other),  // "does what it says on the tin"
        (["on", "the", "tin"], .hitWord),
        (["re", "prompting"], .retried),  // "after re-prompting once"
        (["re", "prompted"], .retried),
        (["thx", "for", "nothing"], .missWord),
        (["get", "anywhere"], .success),  // "didn't get anywhere"
        (["got", "anywhere"], .success),
        (["get", "past"], .success),  // "couldn't get past the auth error"
        (["got", "past"], .success),
        (["well", "enough"], .partialWord),
        (["most", "of"], .partialWord),  // "got most of it"
        (["forgot", "about", "it"], .other),  // "Worked, shipped, forgot about it.": the user forgot, no flaw
        (["square", "one"], .missWord),  // "back to square one"
        (["on", "fire"], .missWord),  // "Everything else is on fire."
        (["out", "of", "ideas"], .missWord),  // "Out of ideas after four rounds; ...": given up
        (["some", "of", "it"], .partialWord),  // "Some of it. Tests for the happy path only."
        (["zero", "progress"], .missWord),  // "zero progress after 4 turns"
        (["lo", "dejé"], .missWord),  // Spanish: "y al final lo dejé", gave up
        (["no", "from", "me"], .missWord),  // "it's a no from me"
        (["checking", "again"], .doubt),  // "Checking again later.": a check not yet made, no retry
        (["check", "again"], .doubt),
        (["no", "progress"], .missWord),
        (["the", "gist"], .partialWord),  // "got the gist, wrong lib version"
        (["on", "the", "money"], .hitQuality),  // "right on the money"
        (["still", "todo"], .shortfall),  // "edge cases still TODO": left undone
        // Sarcasm cues: praise beside them is not meant.
        (["oh", "sure"], .sarcasm),
        (["yeah", "right"], .sarcasm),
        (["i", "hate", "it"], .sarcasm),  // "thanks, I hate it"
        (["leider", "nicht"], .missWord),
        (["kommt", "auf"], .doubt),  // German: "Kommt auf die Definition an.", it depends
        (["kommt", "drauf"], .doubt),
        (["hard", "pass"], .missWord),  // "hard pass": declined
        (["absolutely", "not"], .missWord),  // "Suggested disabling SSL verification. Absolutely not.": declined
        (["context", "overflow"], .missWord),  // "Context overflow, never got a usable answer." (not "Stack Overflow")
        (["context", "overflowed"], .missWord),  // "Context overflowed before it produced anything usable."
        (["wrong", "answer"], .missWord),  // "Wrong answer; the totals are off.": a failure named
        (["back", "and", "fourth"], .intervention),  // a typo of "back and forth"
        (["falls", "over"], .missWord), (["fell", "over"], .missWord),  // "Works for ASCII, falls over on emoji."
        (["use", "after", "free"], .other),  // "the segfault was a use-after-free": a bug named, no turn
        (["as", "given"], .hitWord),  // "Took the regex as given, it matches all 40 cases."
        (["en", "parte"], .partialWord),  // Spanish: in part
        (["em", "parte"], .partialWord),  // Portuguese
        (["in", "parte"], .partialWord),  // Italian
        (["out", "of", "its", "depth"], .missWord),
        // "Suggested `rm -rf node_modules`. Not the issue.": what it went after was not the cause (no "no issues")
        (["not", "the", "issue"], .missWord), (["not", "the", "problem"], .missWord), (["not", "the", "bug"], .missWord),
        (["allers", "retours"], .intervention), (["aller", "retour"], .intervention),  // French: back-and-forths
        (["me", "rendí"], .missWord), (["me", "rendi"], .missWord),  // Spanish: I gave up
        (["say", "otherwise"], .missWord), (["says", "otherwise"], .missWord),  // "tests say otherwise": a check failed
        (["lost", "count"], .vague),  // "lost count of the prompts": many turns, not a failure (read as `many turns`)
        (["totaal", "mis"], .missWord), (["helemaal", "mis"], .missWord),  // Dutch: all wrong
        (["totaler", "mist"], .missWord),  // German: total rubbish
        (["toujours", "faux"], .missWord),  // French: still wrong
        (["pas", "na"], .after),  // Dutch: "werkte pas na twee pogingen", only after (not French "pas")
        (["way", "off"], .missWord),
        (["no", "notes"], .hitWord),
        // Both at once, said as such: the writer does not say which weighs more.
        (["yes", "and", "no"], .doubt),
        (["hit", "and", "miss"], .doubt),
        (["no", "comment"], .shrug),  // the writer declines to say
        (["hit", "or", "miss"], .doubt),
        (["fifty", "fifty"], .partialWord),
        (["good", "job"], .success),  // "Great job inventing a whole new AWS service.": praise of a failure, sarcasm
        (["great", "job"], .success),
        (["nice", "job"], .success),
        (["yeah", "no"], .nope),  // "yeah no": a polite no
        (["yeah", "nah"], .nope),
        (["nah", "yeah"], .success),  // "nah yeah": a yes
        (["for", "now"], .caveat),  // "fine for now": not for good
        (["thanks", "for", "nothing"], .missWord),
        (["zero", "luck"], .missWord),
        (["zero", "value"], .missWord),
        (["struck", "out"], .missWord),
        (["to", "a", "different"], .missWord),  // "great answer to a different question"
        (["opposite", "of", "what"], .missWord),  // "did the opposite of what I asked"
        (["no", "result"], .missWord),
        (["no", "results"], .missWord),
        (["who", "knows"], .doubt),
        (["all", "but"], .except),  // "all but one test pass"
        (["home", "run"], .hitWord),
        (["bang", "on"], .hitWord),
        (["that", "did", "it"], .success),
        (["got", "nothing"], .missWord),  // "spent an hour, got nothing"
        (["times", "out"], .missWord),
        (["timed", "out"], .missWord),
        (["so", "far"], .doubt),  // "so far so good": not the end of it
        (["some", "definition"], .sarcasm),  // "works (for some definition of works)"
        (["that", "about", "it"], .retract),  // "Compiles. That's about it."
        (["chef", "kiss"], .hitQuality),  // "chef's kiss"
        (["niente", "da", "fare"], .missWord),  // Italian: nothing doing
        (["laissé", "tomber"], .missWord),  // French: dropped it
        (["rien", "de", "bon"], .missWord),  // French: nothing good
        (["scritto", "io"], .myself),  // Italian: "l'ho scritto io", I wrote it
        (["out", "of", "patience"], .missWord),  // "ran out of patience after 7 prompts": gave up
        (["never", "again"], .missWord),
        (["answered", "a", "different"], .missWord),  // "it answered a different question"
        (["solved", "a", "different"], .missWord),  // "it solved a different problem than the one I asked about"
        (["i", "did", "the"], .myself),  // "it got the idea, I did the details": the user's own work
        (["saved", "me"], .success),  // "saved me an hour" (not "Output saved to scratch/")
        (["saved", "time"], .success),
        (["saves", "me"], .success),
        (["saves", "time"], .success),
        (["drop", "in"], .other),  // "useful but not drop-in": a thing named after "but not"
        (["copy", "pasteable"], .other),  // "helpful but not copy-pasteable"
        (["copy", "pastable"], .other),
    ]

    /// Words that carry a marker beside their lexicon entry (see the `...Marker` constants in
    /// `Reader`); each word has one lexicon entry, so the marker's meaning is that entry's.
    static let wordMarkers: [String: Int] = {
        var d: [String: Int] = [:]
        func mark(_ value: Int, _ words: String) {
            for w in words.split(separator: " ") {
                assert(d[String(w)] == nil, "\(w) is marked twice")
                d[String(w)] = value
            }
        }
        mark(Reader.partlyMarker, "partially partly")
        mark(Reader.mostlyMarker, "mostly mostley mostyl mosty basically")
        mark(Reader.degreeMarker, "kinda sorta somewhat")
        mark(Reader.fixMarker, "fix")
        mark(Reader.scopeMarker, "for when")
        mark(Reader.unlessMarker, "unless")
        mark(Reader.quantifierMarker, "none nothing nichts keiner neither nada rien aucune aucun niks")
        mark(Reader.moreMarker, "more más extra additional further weitere weiteren weiterer")
        mark(Reader.contrastMarker, "but aber mais pero mas ma maar")
        mark(Reader.thoughMarker, "though")
        mark(Reader.thenMarker, "then")
        mark(Reader.reviewMarker, "review")
        mark(Reader.fullMarker, "full complete")
        mark(Reader.actuallyMarker, "actually")
        mark(Reader.afterVerbMarker, "pas nicht niet")
        mark(Reader.droppedMarker, "dropped")
        mark(Reader.blockedMarker, "blocked")
        mark(Reader.mixedMarker, "mixed")
        mark(Reader.accidentMarker, "accident accidentally")
        mark(Reader.caughtMarker, "caught spotted flagged")
        mark(Reader.nowMarker, "now")
        mark(Reader.tasteMarker, "taste style")
        mark(Reader.promptMarker, "prompt promt")
        mark(Reader.removedMarker, "removed eliminated")
        mark(Reader.learnedMarker, "learned learnt tells")
        mark(Reader.myMarker, "my")
        mark(Reader.ideaMarker, "idea lesson")
        mark(Reader.givenMarker, "given")
        mark(Reader.beMarker, "be")
        mark(Reader.realMarker, "real serious")
        mark(Reader.mergeMarker, "merge commit paste")
        mark(Reader.laterMarker, "later tomorrow")
        mark(Reader.applyingMarker, "applying pasting")
        mark(Reader.outputMarker, "output")
        mark(Reader.abandonMarker, "scrapped scrap binned abandoned abandonned abandonded abandon tossed discarded ditched bailed")
        mark(Reader.sentMarker, "sent")
        mark(Reader.quantityMarker, "latency memory runtime throughput usage overhead size rate coverage p50 p95 p99")
        mark(Reader.mehMarker, "meh eh")
        mark(Reader.intoMarker, "into")
        mark(Reader.fromMarker, "from below under")
        mark(Reader.articleMarker, "a an einer einem een")  // "nach einer Rückfrage": after a follow-up
        mark(Reader.weakMarker, "compile compiles compiled kompiliert kompilierte valid")
        mark(Reader.copulaMarker, "was were is are")
        mark(Reader.byMarker, "by")
        mark(Reader.bitMarker, "bit")
        mark(Reader.stoppedMarker, "stopped stop quit")
        mark(Reader.comparativeMarker, "smaller faster less fewer lower higher bigger larger quicker shorter cheaper leaner better")
        mark(Reader.slowerMarker, "slower")
        mark(Reader.failureNounMarker, "crash panic regression segfault deadlock hang freeze")
        mark(Reader.fixedMarker, "fixed fixd")
        mark(Reader.wellMarker, "well")
        mark(Reader.thanMarker, "than")
        mark(Reader.knowMarker, "know understand")
        mark(Reader.tookMarker, "took")
        mark(Reader.retryNounMarker, "retry")
        mark(Reader.demonstrativeMarker, "those these")
        mark(Reader.didMarker, "did")
        mark(Reader.wouldMarker, "would")
        mark(Reader.againMarker, "again recommend")
        mark(Reader.flawMarker, "bad awful terrible")
        mark(Reader.runMarker, "run")
        mark(Reader.countMarker, "count mind")
        mark(Reader.skippedMarker, "skipped ignored")
        mark(Reader.revertedMarker, "reverted reverting")
        mark(Reader.insistMarker, "insisted insists insisting convinced convince")
        mark(Reader.correctMarker, "correct")
        mark(Reader.wtfMarker, "wtf")
        mark(Reader.hmmMarker, "hmm hmmm")
        mark(Reader.neededMarker, "needed neded required")
        mark(Reader.numberWordMarker, "number")
        mark(Reader.oldMarker, "old original existing previous")
        mark(Reader.finishedMarker, "finished finish finishing")
        mark(Reader.feelingMarker, "suspicious shocked surprised scared scary amazed spooky annoyed appreciated loved hoped")
        mark(Reader.itsMarker, "its")
        mark(Reader.neMarker, "ne")
        mark(Reader.spentMarker, "spent")
        mark(Reader.warningMarker, "warning")
        mark(Reader.thanksMarker, "thanks thx")
        mark(Reader.directionMarker, "down improved increased reduced decreased")
        mark(Reader.offMarker, "off")
        mark(Reader.whichMarker, "which")
        mark(Reader.introducedMarker, "introduced")
        mark(Reader.waitMarker, "wait")
        mark(Reader.ranMarker, "ran")
        mark(Reader.noteMarker, "reminder todo timestamp timestamps")
        mark(Reader.missingMarker, "missing")
        mark(Reader.revisitMarker, "revisit")
        mark(Reader.noteLabelMarker, "note")
        mark(Reader.logReferenceMarker, "above")
        mark(Reader.logEntryMarker, "entry header tag")
        mark(Reader.allMarker, "all")
        mark(Reader.workaroundMarker, "workaround workarounds hacks")
        mark(Reader.demoMarker, "demo prototype poc")
        mark(Reader.expectMarker, "expected expecting assumed feared worried thought")
        mark(Reader.trustMarker, "trust")
        mark(Reader.regeneratedMarker, "regenerated")
        mark(Reader.predicateFlawMarker, "flaky quadratic")
        mark(Reader.sortedMarker, "sorted")
        mark(Reader.backMarker, "back")
        mark(Reader.beforeMarker, "before")
        mark(Reader.timeUnitMarker, "days hours weeks months")
        mark(Reader.minuteMarker, "min mins ms sec secs")
        mark(Reader.beenMarker, "been")
        mark(Reader.lostMarker, "lost wiped")
        mark(Reader.foundMarker, "found")
        mark(Reader.longerMarker, "longer")
        mark(Reader.goneMarker, "gone")
        mark(Reader.recurMarker, "reproduce reproduces reproduced happen happens happened occur occurs occurred appear appears")
        mark(Reader.typoMarker, "typo")
        mark(Reader.remainsMarker, "remains remain")
        mark(Reader.atAllMarker, "gar überhaupt")
        mark(Reader.doneMarker, "done")
        mark(Reader.changedMarker, "changed modified edited")
        mark(Reader.anythingMarker, "anything")
        mark(Reader.recordMarker, "logs results history transcript")
        mark(Reader.failingMarker, "failing")
        mark(Reader.clickMarker, "click sense")
        mark(Reader.setupMarker, "env environment sandbox vpn")
        mark(Reader.mentionMarker, "mention mentioned")
        mark(Reader.andMarker, "and y et und")
        mark(Reader.imMarker, "i'm im")
        mark(Reader.trimmedMarker, "trimmed")
        mark(Reader.chanceMarker, "chance")
        mark(Reader.immediatelyMarker, "immediately instantly")
        mark(Reader.triedMarker, "tried")
        mark(Reader.progressMarker, "running waiting evaluating")
        mark(Reader.helpMarker, "helpful useful")
        mark(Reader.justMarker, "just")
        mark(Reader.toldMarker, "told")
        mark(Reader.alsoMarker, "also")
        mark(Reader.helpNounMarker, "help")
        mark(Reader.soMarker, "so")
        mark(Reader.interjectionMarker, "wow oh gee")
        mark(Reader.takeMarker, "take")
        mark(Reader.readMarker, "read reread")
        mark(Reader.closingPraiseMarker, "lovely wonderful classic bravo impressive genius superb stellar fantastic amazing incredible love marvelous splendid")
        return d
    }()

    /// `phrases` as bytes, for comparing with words as they are read.
    static let phraseBytes: [(words: [[UInt8]], lex: Lex)] = phrases.map { ($0.words.map { Array($0.utf8) }, $0.lex) }

    /// Pieces of words in scripts written without spaces (Japanese), or that join endings to a stem
    /// (Korean): a word holding one gives its signal. `3回目` is the third time.
    static let wordParts: [(part: String, lex: Lex)] = [
        ("修正なし", .hitWord), ("修正不要", .hitWord), ("一発", .hitWord), ("完璧", .hitQuality), ("部分的", .partialWord), ("失敗", .missWord),
        ("ダメ", .missWord), ("だめ", .missWord), ("動いた", .success), ("できた", .success),
        // Chinese
        ("不可用", .missWord), ("可用", .success), ("手动", .myself), ("错误", .problem),  // (不可用 before 可用, 错误 before 错)
        ("一次就", .hitWord), ("成功", .success), ("才对", .success), ("失败", .missWord), ("不行", .missWord),
        ("放弃", .missWord), ("部分", .partialWord), ("追问", .intervention), ("两次", .twice),
        ("完美", .hitQuality), ("一次搞定", .hitWord), ("搞定", .success), ("基本", .partialWord), ("小改", .partialWord),
        ("不对", .missWord), ("错", .missWord), ("没用", .missWord), ("差不多", .partialWord),
        // Japanese: went well, didn't work, almost, mistake, a fix (needed)
        ("諦め", .missWord), ("うまくいかなかった", .missWord), ("動かず", .missWord), ("動かない", .missWord),
        ("うまくいった", .success), ("動かなかった", .missWord), ("ほぼ", .partialWord), ("間違", .missWord),
        ("修正", .partialWord),
        // Chinese: changed (a few places), only then usable
        ("改了", .partialWord), ("才能用", .success),
        // Japanese: mostly, by hand, fixed; by myself, up to a point
        ("効果なし", .missWord), ("大体", .partialWord), ("手で", .myself), ("書き直", .wrote), ("直した", .success), ("自分で", .myself), ("途中まで", .partialWord),
        // Japanese: didn't run, runs (動作し, found after them), without a problem
        ("動作しなかった", .missWord), ("動作しない", .missWord), ("動作し", .success), ("問題なく", .success),
        // Japanese: as it was, no fix (before 修正, which it holds)
        ("そのまま", .hitWord),
        // Japanese: no way, impossible
        ("無理", .missWord),
        // Japanese: half
        ("半分", .partialWord),
        // Japanese: gave up, didn't pass
        ("断念", .missWord), ("通らず", .missWord),
        // Japanese: passed (通らず, didn't pass, is found first); OK written inside a word (2回目でOK)
        ("通った", .success), ("ok", .ok),
        // Korean: perfect(ly), worked, works, success, failure
        ("완벽", .hitQuality), ("작동했", .success), ("작동해", .success), ("작동함", .success), ("성공", .success),
        ("실패", .missWord),
    ]

    /// What makes a Japanese count an ordinal after it: `3回目`, `3度目`, `3ターン目` (the third time,
    /// the third turn).
    static let ordinalSuffixes = ["回目", "度目", "ターン目"]

    /// Words after a score that make it a count of things, all of which passed (`50/50 runs`).
    static let scoreNouns: Set<String> = ["runs", "passes", "passed", "green", "builds", "tests"]

    /// One to ten in Japanese, each three bytes of UTF-8.
    static let kanjiNumerals = ["一", "二", "三", "四", "五", "六", "七", "八", "九", "十"]

    /// Splits text into tokens; consecutive breaks collapse, and words that read as one unit
    /// (`follow up`, `back and forth`) are merged.
    static func tokenize(_ buf: UnsafeBufferPointer<UInt8>) -> [Token] {
        var tokens: [Token] = []
        tokens.reserveCapacity(24)
        var word: [UInt8] = []
        word.reserveCapacity(32)
        // The word began with a capital and went on in lower case ("Go" the language, not a go).
        var capitalized = false
        let n = buf.count

        // The two words before the current one, to find `phrases` (no phrase is longer than three
        // words); a break clears them.
        var previous: [UInt8] = []
        var beforePrevious: [UInt8] = []
        // Set by a dash between digits: `2-3 turns` is a range, which states no single number.
        var range = false
        // Scare quotes: where the open quote stands in `tokens`, and whether the one word after it
        // is a verb or praise ("optimized", "works"); a lone such word in quotes is sarcasm.
        var quoteOpen: Int? = nil
        var scareWord = false
        var scareAdverb = false
        var quotedWords = 0
        func quote() {
            flushWord()
            if let open = quoteOpen {
                if scareWord && tokens.count == open + 1 {
                    forgetWords()
                    // (After `but`: "It did the thing but also "refactored" 4 unrelated files.": a deed of
                    // the answer's that was not wanted, a flaw beside what it did, not sarcasm about all of it.)
                    if tokens[open].lex == .other,
                       tokens[max(0, open - 3)..<open].contains(where: { $0.lex == .clauseBreak && $0.value == Reader.contrastMarker }) {
                        tokens[open] = Token(lex: .missWord)
                    } else {
                        tokens.append(Token(lex: .sarcasm))
                    }
                }
                // A manner in quotes (`it also "helpfully" reformatted 200 lines`): something the
                // answer did that was not wanted, a flaw beside what worked.
                else if scareAdverb && tokens.count == open + 1 { forgetWords(); tokens[open] = Token(lex: .missWord) }
                // Two words or more in quotes are someone else's words, the answer's as a rule
                // (`three rounds of "you're absolutely right!"`): no verdict of the user's.
                else if tokens.count >= open + 2 { tokens.removeLast(tokens.count - open); forgetWords() }
                quoteOpen = nil
            } else {
                quoteOpen = tokens.count
            }
            scareWord = false
            scareAdverb = false
            quotedWords = 0
        }
        func forgetWords() {
            if !previous.isEmpty { previous = [] }
            if !beforePrevious.isEmpty { beforePrevious = [] }
        }
        func push(_ t: Token) {
            forgetWords()
            if t.lex == .clauseBreak || t.lex == .sentenceEnd {
                guard let last = tokens.last else { return }
                if last.lex == .sentenceEnd { return }
                if last.lex == .clauseBreak {
                    if t.lex == .sentenceEnd {
                        // ("Broken in prod though.": a sentence ending in `though` grants what came before.)
                        let conceded = last.value == Reader.thoughMarker && (t.value == 0 || t.value == 33)
                        tokens[tokens.count - 1] = conceded ? Token(lex: .sentenceEnd, value: Reader.concessionMarker) : t
                    }
                    return
                }
            }
            tokens.append(t)
        }
        func flushWord() {
            guard !word.isEmpty else { return }
            defer { word.removeAll(keepingCapacity: true); capitalized = false }
            // Strip apostrophes at the edges ('quoted', workers').
            var quoted = false  // 'works': a word in single quotes
            while word.last == 39 { word.removeLast(); quoted = true }
            var start = 0
            while start < word.count && word[start] == 39 { start += 1 }
            guard start < word.count else { return }
            quoted = quoted && start > 0
            var w = Array(word[start...])
            // French elision: `d'utilisable` is `utilisable` (`Rien d'utilisable après trois essais.`).
            if w.count > 4, w[1] == 39, w[0] == 100 || w[0] == 108 { w.removeFirst(2) }  // d' l'
            var negated = false
            if w.count > 3, ends(w, "n't") {
                negated = true
                w.removeLast(3)
            } else if w.count > 4, ends(w, "'t") {  // "did't", "does't": the n left out
                negated = true
                w.removeLast(2)
            } else if w.count > 5, ends(w, "'nt") {  // "did'nt", "does'nt": the apostrophe misplaced
                negated = true
                w.removeLast(3)
            } else if w.count > 2, ends(w, "'s") || ends(w, "'d") {  // `it's`, `shot'd`
                w.removeLast(2)
            }
            if !previous.isEmpty, mayEndPhrase(w), let phrase = phraseBytes.first(where: { endsPhrase($0.words, w, previous, beforePrevious) }) {
                // Each earlier word of the phrase made exactly one token.
                tokens.removeLast(phrase.words.count - 1)
                // "to a different" is a failure only of an answer ("great answer to a different
                // question"), not of a move ("moved to a different task").
                let ofAnswer = phrase.lex != .missWord || phrase.words[0] != Array("to".utf8)
                    || tokens.last?.lex == .answerNoun
                var token = Token(lex: ofAnswer ? phrase.lex : .other)
                if phrase.lex == .intervention && w.last == 115 { token.value = Reader.pluralMarker }  // "follow ups"
                if phrase.lex == .intervention && (phrase.words[0] == Array("back".utf8) || phrase.words[0].starts(with: "aller".utf8)) {
                    token.value = Reader.exchangeMarker
                }
                if phrase.lex == .retried && w.last == 100 { token.value = Reader.retriedOnceMarker }  // "re-asked": once
                if phrase.lex == .missWord && phrase.words[0] == Array("timed".utf8) { token.value = Reader.timedOutMarker }
                if phrase.lex == .missWord && phrase.words == [Array("no".utf8), Array("result".utf8)] { token.value = Reader.noResultMarker }
                if phrase.lex == .missWord && phrase.words == [Array("got".utf8), Array("nothing".utf8)] { token.value = Reader.gotNothingMarker }
                if phrase.lex == .doubt && w == Array("think".utf8) { token.value = Reader.thinkMarker }  // "I think"
                tokens.append(token)
                if phrase.lex == .vague && phrase.words[0] == Array("lost".utf8) { tokens.append(Token(lex: .turnNoun)) }  // many turns
            } else if range, tokens.last?.lex == .number, w.allSatisfy(isDigit) {
                tokens[tokens.count - 1] = Token(lex: .vague)
            } else if w.contains(where: { $0 >= 0x80 }), !isKnown(w) {
                tokens += partTokens(w)
            } else if tokens.last?.lex == .partialWord, isWord(w, "a") || isWord(w, "an") || isWord(w, "the"),
                      !(previous.count > 3 && (previous.suffix(2).elementsEqual("ed".utf8) || previous.suffix(3).elementsEqual("ing".utf8))) {
                // (Not after a verb: "I tweaked the naming" is the user's edit.)
                // "mostly a discussion", "half the flags": the partial word is about a thing, not the outcome.
                tokens[tokens.count - 1].value = Reader.aboutThingMarker
                if let t = wordToken(w) { tokens.append(t) }
            } else if var t = wordToken(w) {
                if t.lex == .number, t.value >= 100, tokens.last?.lex == .the {
                    t = Token(lex: .other)  // "ignored the 429 responses": a status code, not a count
                } else if t.lex == .go, capitalized, let last = tokens.last, last.lex != .sentenceEnd {
                    t = Token(lex: .other)  // "compiles for both Go and TS": the language
                } else if w.count <= 15, let marker = wordMarkers[String(decoding: w, as: UTF8.self)] {
                    t.value = marker
                } else if t.lex == .other && w.count > 4 && ends(w, "ing") && !ends(w, "thing") {  // not "something", "everything"
                    t.value = Reader.gerundMarker  // "-ing": "after restarting the chat"
                } else if t.lex == .wrote && w.count > 3 && w[0] == 114 && w[1] == 101 {  // re-
                    t.value = Reader.redoMarker
                } else if t.lex == .retried && w.count > 4 && ends(w, "ed") && w[0] != 97 {  // -ed, not "apologized"
                    t.value = Reader.retriedOnceMarker
                } else if t.lex == .other && w.count > 4 && ends(w, "ed") {
                    t.value = Reader.edMarker
                } else if t.lex == .intervention && w.last == 115 {  // -s
                    t.value = Reader.pluralMarker
                } else if t.lex == .other, tokens.last?.lex == .partialWord, tokens.last?.value == Reader.mostlyMarker {
                    // "mostly boilerplate": "mostly" is partial about success words ("mostly worked",
                    // "mostly right", "mostly there"), not about a thing.
                    tokens[tokens.count - 1].value = Reader.aboutThingMarker
                }
                tokens.append(t)
            }
            range = false
            beforePrevious = previous
            previous = w
            if negated { tokens.append(Token(lex: .negation, value: Reader.contractedMarker)); forgetWords() }
            if quoted, let t = tokens.last, [.success, .hitQuality, .hitWord].contains(t.lex) {
                forgetWords(); tokens.append(Token(lex: .sarcasm))  // "It 'works'."
            }
            if let open = quoteOpen {
                quotedWords += 1
                let only = tokens.count == open + 1 ? tokens.last : nil  // the one token in the quotes so far
                if let t = only {
                    scareWord = [.success, .hitQuality, .hitWord, .editNoun].contains(t.lex) || w.count > 4 && (ends(w, "ed") || ends(w, "ing"))
                }
                scareAdverb = quotedWords == 1 && only?.lex == .other && w.count > 6 && ends(w, "fully")
            }
        }

        var i = 0
        while i < n {
            let c = buf[i]
            // Big-O (`O(n^2)`, `O(n²)`, `O(n log n)`) is one word: a complexity, marked when worse
            // than linear (`it's O(n^2)`, as `quadratic`).
            if c | 0x20 == 111, word.isEmpty, i + 2 < n, buf[i + 1] == 40,
               let close = (i + 2..<min(n, i + 16)).first(where: { buf[$0] == 41 }) {
                flushWord()
                let inner = Array(buf[(i + 2)..<close])
                let superlinear = inner.contains(94) || inner.contains(0xC2)  // `^`, or the lead byte of `²` `³`
                push(Token(lex: .other, value: superlinear ? Reader.predicateFlawMarker : 0))
                i = close + 1; continue
            }
            if c >= 65 && c <= 90 { capitalized = word.isEmpty; word.append(c | 0x20); i += 1; continue }
            if (c >= 97 && c <= 122) || (c >= 48 && c <= 57) { word.append(c); i += 1; continue }
            if c == 39 { word.append(39); i += 1; continue }
            // Code in backticks (`--fast-resolve`, `await`) is a thing named, whatever its words.
            if c == 96, let close = (i + 1..<n).first(where: { buf[$0] == 96 }), close > i + 1 {
                flushWord(); push(Token(lex: .other)); i = close + 1; continue
            }
            // A command-line flag (`--fast-resolve`, `--force`) is a thing named too, backticks or not.
            if c == 45, word.isEmpty, i + 2 < n, buf[i + 1] == 45, buf[i + 2] | 0x20 >= 97, buf[i + 2] | 0x20 <= 122 {
                flushWord(); push(Token(lex: .other))
                i += 2
                while i < n, isAlnum(buf[i]) || buf[i] == 45 || buf[i] == 95 { i += 1 }
                continue
            }
            if c == 46, i + 1 < n, buf[i + 1] == 46 {
                // An ellipsis is a pause within the sentence, as `…` is: "it worked... in its head".
                flushWord()
                push(Token(lex: .clauseBreak))
                while i < n && buf[i] == 46 { i += 1 }
                continue
            }
            if c == 58, !word.isEmpty, isDigit(word.last!), i + 1 < n, isDigit(buf[i + 1]) {
                word.append(c); i += 1; continue  // a time or a ratio ("fires at 03:00", "3:1"), not a label's colon
            }
            if c == 46 || c == 44 {  // '.' or ',' between digits or letters stays in the word (3.5, v1.2, file.swift)
                if !word.isEmpty, i + 1 < n, isAlnum(buf[i + 1]), c == 46 || isDigit(word.last!) && isDigit(buf[i + 1]) {
                    word.append(c); i += 1; continue
                }
                flushWord()
                push(Token(lex: c == 46 ? .sentenceEnd : .clauseBreak))
                i += 1; continue
            }
            if c == 47, word.count == 1, word[0] == 119, i + 1 < n, buf[i + 1] | 0x20 == 111,
               i + 2 == n || !isAlnum(buf[i + 2]) {
                word = Array("without".utf8); i += 2; continue  // "w/o tweaks"
            }
            if c == 47, word.count == 1, word[0] == 119, i + 1 == n || !isAlnum(buf[i + 1]) {
                word = Array("with".utf8); i += 1; continue  // "usable w/ edits"
            }
            if c == 47, word.isEmpty, i + 1 < n, buf[i + 1] | 0x20 == 115, i + 2 == n || !isAlnum(buf[i + 2]),
               i == 0 || !isAlnum(buf[i - 1]) {
                flushWord(); forgetWords(); tokens.append(Token(lex: .sarcasm)); i += 2; continue  // "/s"
            }
            if c == 34 { quote(); i += 1; continue }
            if c == 40, i + 2 < n, buf[i + 1] == 33 || buf[i + 1] == 63, buf[i + 2] == 41 {
                i += 3; continue  // "after ten (!) prompts": an aside, no sentence end
            }
            // The number again, in brackets: in words ("after 7 (SEVEN) prompts") or digits ("it took
            // eight (8!) prompts").
            if c == 40, word.isEmpty, let count = tokens.last, count.lex == .number,
               let close = (i + 1..<min(n, i + 12)).first(where: { buf[$0] == 41 }), close > i + 1 {
                let inside = buf[(i + 1)..<close]
                let again = inside.allSatisfy({ ($0 | 0x20) >= 97 && ($0 | 0x20) <= 122 })
                    ? numbers[String(decoding: inside.map { $0 | 0x20 }, as: UTF8.self)]
                    : isDigit(inside.first!) && inside.allSatisfy({ isDigit($0) || $0 == 33 }) && inside.count <= 5
                        ? inside.prefix(while: isDigit).reduce(0, { $0 * 10 + Int($1 - 48) }) : nil
                if again == count.value { i = close + 1; continue }
            }
            if c == 47, !word.isEmpty, word.count <= 3, word.allSatisfy(isDigit), i + 1 < n, isDigit(buf[i + 1]) {
                // A score: "10/10" and "1/1" all of it, "0/3" none, "9/10" in part (a caveat).
                var k = i + 1
                var of = 0
                while k < n, isDigit(buf[k]), k - i <= 3 { of = of * 10 + Int(buf[k] - 48); k += 1 }
                if k == n || !isAlnum(buf[k]) {
                    let got = word.reduce(0) { $0 * 10 + Int($1 - 48) }
                    word.removeAll(keepingCapacity: true)
                    forgetWords()
                    // The word after it, to tell a count of tries ("2/2 attempts failed") from a score.
                    var next = k
                    while next < n, buf[next] == 32 { next += 1 }
                    let nextWord = buf[next...].prefix(while: { ($0 | 0x20) >= 97 && ($0 | 0x20) <= 122 }).map { $0 | 0x20 }
                    let ofTries = tokens.last?.lex == .turnNoun || wordToken(Array(nextWord))?.lex == .turnNoun
                    // "50/50": half; but "50/50 runs" is every run.
                    if got == 50 && of == 50 && !scoreNouns.contains(String(decoding: nextWord, as: UTF8.self)) {
                        tokens.append(Token(lex: .partialWord))
                    }
                    else if got == of && of > 0 && ofTries {
                        tokens.append(Token(lex: .number, value: got))  // "2/2 attempts failed", "success on attempt 3/3"
                    }
                    else if got == of && of > 0 { tokens.append(Token(lex: .hitQuality)) }
                    else if got == 0 && of > 0 {
                        // "0/3" standing alone: that many tries, none good; before a word ("0/5
                        // attempts worked", "0/3 tests pass") it is zero, which denies what follows.
                        // "0/10" is a rating, none good, no count of tries.
                        if of == 10 || of == 100 {
                            tokens.append(Token(lex: .missWord))
                        } else if k == n || buf[k] != 32 && buf[k] != 9
                                    || buf[k...].first(where: { $0 != 32 && $0 != 9 }).map({ !isAlnum($0) }) ?? true {
                            // ("0/3 — none of the attempts worked": standing alone before a dash.)
                            tokens.append(Token(lex: .missWord))
                            tokens.append(Token(lex: .number, value: of)); tokens.append(Token(lex: .turnNoun))
                        } else {
                            tokens.append(Token(lex: .number, value: 0))
                        }
                    }
                    else if got < of { tokens.append(Token(lex: .caveat, value: Reader.percentMarker)) }
                    else { tokens.append(Token(lex: .other)) }
                    i = k; continue
                }
            }
            if c < 0x80 {
                flushWord()
                switch c {
                case 33, 63:  // ! ? (a question is no verdict; "??" and "?!" may be surprise, see `read`)
                    var runStart = i, runEnd = i + 1
                    while runStart > 0, buf[runStart - 1] == 63 || buf[runStart - 1] == 33 { runStart -= 1 }
                    while runEnd < n, buf[runEnd] == 63 || buf[runEnd] == 33 { runEnd += 1 }
                    if runEnd - runStart >= 2, runEnd < n, buf[runEnd] == 41, buf[runStart..<runEnd].contains(63) {
                        // "(like 6 prompts??)", "(said it was a security risk??)": surprise in an aside,
                        // which asks nothing of the sentence around it
                        push(Token(lex: .clauseBreak, value: 41))
                        break
                    }
                    let doubled = c == 63 && i + 1 < n && (buf[i + 1] == 63 || buf[i + 1] == 33)
                    push(Token(lex: .sentenceEnd, value: doubled ? Reader.surpriseMarker : Int(c)))
                case 37:  // '%': "90% correct" qualifies a success as `caveats` do; "100%" qualifies nothing
                    // ("+22% throughput": a change, measured, not a share.)
                    var digits = i
                    while digits > 0, isDigit(buf[digits - 1]) || buf[digits - 1] == 46 { digits -= 1 }
                    // ("bundle size -42%" too, but not a range, "2-3%".)
                    let sign = digits > 0 && (buf[digits - 1] == 43 || buf[digits - 1] == 45 && (digits == 1 || buf[digits - 2] == 32))
                    if sign, digits < i, let last = tokens.last, last.lex == .number {
                        tokens[tokens.count - 1] = Token(lex: .other)
                    } else if let last = tokens.last, last.lex == .number, last.value < 100 {
                        tokens[tokens.count - 1] = Token(lex: .caveat, value: Reader.percentMarker)
                    } else if let last = tokens.last, last.lex == .number, last.value == 100, tokens.count == 1,
                              buf[(i + 1)...].first(where: { $0 != 32 && $0 != 9 }).map({ !isAlnum($0) }) ?? true {
                        tokens[0] = Token(lex: .hitQuality)  // "100% — generated the schema": a bullet opening on full marks
                    }
                // A line break inside a bullet is where it wrapped (`took two` / `  rounds`): a space.
                case 59, 58, 40, 41, 91, 93, 47, 124:  // ; : ( ) [ ] / |  (the byte is kept: `failed:` is a label)
                    push(Token(lex: .clauseBreak, value: Int(c)))
                case 45:  // '-': a break when it stands alone (" - "), a word joint otherwise (one-shot)
                    let before = i > 0 ? buf[i - 1] : 32
                    let after = i + 1 < n ? buf[i + 1] : 32
                    if (before == 32 || before == 9) && (after == 32 || after == 9 || after == 45) {
                        push(Token(lex: .clauseBreak, value: 45))
                    } else if isDigit(before) && isDigit(after) {
                        range = true  // 2-3
                    }
                default: break
                }
                i += 1
                continue
            }
            // Non-ASCII: a few symbols mean something; other characters are word characters.
            let len = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1
            guard i + len <= n else { word.append(c); i += 1; continue }
            let cp = scalar(buf, i, len)
            switch cp {
            case 0x2019, 0x2018, 0x02BC:  // ’ ‘ ʼ read as an apostrophe
                word.append(39)
            case 0x2013 where i > 0 && isDigit(buf[i - 1]) && i + 3 < n && isDigit(buf[i + 3]):  // 2–3
                flushWord(); range = true
            case 0x201C, 0x201D:  // “ ”
                quote()
            case 0x3002, 0xFF01, 0xFF1F:  // 。！？
                flushWord(); push(Token(lex: .sentenceEnd, value: cp == 0xFF1F ? 63 : 0))
            case 0xFF0C, 0x3001, 0xFF1B, 0xFF1A:  // ，、；：
                flushWord(); push(Token(lex: .clauseBreak))
            case 0x2122, 0x00AE:  // ™ ®: "it just works™"
                flushWord()
            case 0x2014, 0x2013:  // — –: a dash, as ` - ` (`FAILED — lost the schema`)
                flushWord(); push(Token(lex: .clauseBreak, value: 45))
            case 0x2026, 0x2192, 0x2190:  // … → ←
                flushWord(); push(Token(lex: .clauseBreak))
            case 0x2705, 0x2714, 0x2713, 0x2611, 0x1F44D, 0x1F389, 0x1F4AF, 0x1F3AF, 0x1F7E2, 0x1F64C, 0x1F680, 0x1F44C:
                // ✅ ✔ ✓ ☑ 👍 🎉 💯 🎯 🟢 🙌 🚀 👌
                flushWord(); forgetWords(); tokens.append(Token(lex: .symbolHit))
            case 0x274C, 0x2717, 0x2718, 0x2716, 0x1F44E, 0x1F6AB, 0x274E, 0x1F534, 0x1F4A9, 0x1F480, 0x1F926:
                // ❌ ✗ ✘ ✖ 👎 🚫 ❎ 🔴 💩 💀 🤦
                flushWord(); forgetWords(); tokens.append(Token(lex: .symbolMiss))
            case 0x1F644, 0x1F643, 0x1F921:  // 🙄 🙃 🤡: praise beside them is not meant
                flushWord(); forgetWords()
                tokens.append(Token(lex: .sarcasm, value: cp == 0x1F643 ? Reader.ironyMarker : Reader.eyeRollMarker))
            case 0x1F44F:  // 👏: applause, or a slow clap (see `Reader.clapMarker`)
                flushWord(); forgetWords(); tokens.append(Token(lex: .other, value: Reader.clapMarker))
            case 0x1F937, 0x1F914:  // 🤷 🤔: no hit beside them
                flushWord(); forgetWords(); tokens.append(Token(lex: .shrug))
            case 0x1F7E1, 0x1F7E0, 0x1F536, 0x1F538:  // 🟡 🟠 🔶 🔸
                flushWord(); forgetWords(); tokens.append(Token(lex: .symbolPartial))
            case 0xFE0F, 0xFE0E, 0x200D, 0x00A0, 0x2009, 0x202F, 0x3000:  // variation selectors, joiners, odd spaces
                flushWord()
            default:
                if cp >= 0x2190 && cp < 0x2C00 || cp >= 0x1F000 {
                    flushWord(); forgetWords(); tokens.append(Token(lex: .other))  // another symbol or emoji: no signal
                } else {
                    for k in 0..<len { word.append(buf[i + k]) }
                }
            }
            i += len
        }
        flushWord()
        // "a nudge or two", "a follow-up or two": a vague amount, as "a couple of nudges" is.
        var k = 0
        while k + 3 < tokens.count {
            if tokens[k].lex == .other, tokens[k].value == Reader.articleMarker, tokens[k + 1].lex == .intervention,
               tokens[k + 2].lex == .or, tokens[k + 3].lex == .number, tokens[k + 3].value == 2 {
                tokens[k] = Token(lex: .vague)
                tokens.removeSubrange((k + 2)...(k + 3))
            }
            k += 1
        }
        // "Worked first try (well, second).": the writer corrects the count; the correction stands.
        if let j = tokens.indices.first(where: { $0 + 3 < tokens.count && tokens[$0].lex == .clauseBreak && tokens[$0].value == 40
                && tokens[$0 + 1].lex == .other && tokens[$0 + 1].value == Reader.wellMarker && tokens[$0 + 2].lex == .clauseBreak
                && tokens[$0 + 3].lex == .ordinal && tokens[$0 + 3].value >= 2 }),
           let k = tokens[..<j].indices.last(where: { $0 + 1 < j && tokens[$0].lex == .ordinal && tokens[$0].value == 1 && tokens[$0 + 1].lex == .turnNoun }) {
            tokens[k].value = tokens[j + 3].value
            tokens.removeSubrange(j...(j + 3))
        }
        if let last = tokens.last, last.lex == .clauseBreak, last.value == Reader.thoughMarker {
            tokens[tokens.count - 1] = Token(lex: .sentenceEnd, value: Reader.concessionMarker)  // "broken in prod though"
        }
        while let last = tokens.last, last.lex == .clauseBreak || last.lex == .sentenceEnd {
            // Kept: a question states nothing (and `??` may be one); a concession grants what came before.
            if last.lex == .sentenceEnd && (last.value == 63 || last.value == Reader.surpriseMarker || last.value == Reader.concessionMarker) { break }
            tokens.removeLast()
        }
        return tokens
    }

    @inline(__always) static func isDigit(_ c: UInt8) -> Bool { c >= 48 && c <= 57 }
    @inline(__always) static func isAlnum(_ c: UInt8) -> Bool {
        isDigit(c) || (c >= 97 && c <= 122) || (c >= 65 && c <= 90)
    }

    /// A bit for each (length mod 8, first letter) of the last words of `phrases`: most words
    /// end no phrase, and one look here says so without comparing them with every phrase.
    static let phraseEnds: (UInt64, UInt64, UInt64, UInt64) = {
        var m: [UInt64] = [0, 0, 0, 0]
        for p in phraseBytes {
            let k = phraseEndKey(p.words[p.words.count - 1])
            m[k >> 6] |= 1 << UInt64(k & 63)
        }
        return (m[0], m[1], m[2], m[3])
    }()

    @inline(__always) static func phraseEndKey(_ w: [UInt8]) -> Int { (w.count & 7) << 5 | Int(w[0] & 31) }

    /// Whether the word `w` ends with the ASCII `suffix`.
    @inline(__always) static func ends(_ w: [UInt8], _ suffix: StaticString) -> Bool {
        let n = suffix.utf8CodeUnitCount
        guard w.count >= n else { return false }
        return suffix.withUTF8Buffer { s in (0..<n).allSatisfy { w[w.count - n + $0] == s[$0] } }
    }

    /// Whether `w` may be the last word of one of `phrases` (false: it is not).
    @inline(__always) static func mayEndPhrase(_ w: [UInt8]) -> Bool {
        let k = phraseEndKey(w)
        let m = phraseEnds
        let word = k < 64 ? m.0 : k < 128 ? m.1 : k < 192 ? m.2 : m.3
        return word & (1 << UInt64(k & 63)) != 0
    }

    /// Whether `w` is the last word of `phrase` (two or three words) and `previous` and
    /// `beforePrevious` are the words before it.
    static func endsPhrase(_ phrase: [[UInt8]], _ w: [UInt8], _ previous: [UInt8], _ beforePrevious: [UInt8]) -> Bool {
        let n = phrase.count
        guard w == phrase[n - 1], previous == phrase[n - 2] else { return false }
        return n == 2 || beforePrevious == phrase[n - 3]
    }

    /// The tokens of a word outside the lexicon that holds non-ASCII letters: an ordinal for
    /// `3回目`, then the `wordParts` it holds, in order; `.other` when it holds none.
    static func partTokens(_ w: [UInt8]) -> [Token] {
        var found: [(at: Int, token: Token)] = []
        let digits = w.prefix(while: isDigit)
        if !digits.isEmpty, digits.count <= 4, ordinalSuffixes.contains(where: { w.dropFirst(digits.count).starts(with: $0.utf8) }) {
            found.append((0, Token(lex: .ordinal, value: digits.reduce(0) { $0 * 10 + Int($1 - 48) })))
            found.append((0, Token(lex: .turnNoun)))
        } else if !digits.isEmpty, digits.count <= 4, w.dropFirst(digits.count).starts(with: "回".utf8) {
            found.append((0, Token(lex: .times, value: digits.reduce(0) { $0 * 10 + Int($1 - 48) })))  // 3回試した: tried 3 times
        } else if w.count >= 9, let n = kanjiNumerals.firstIndex(where: { w.starts(with: $0.utf8) }),
                  ordinalSuffixes.contains(where: { w.dropFirst(3).starts(with: $0.utf8) }) {
            found.append((0, Token(lex: .ordinal, value: n + 1)))  // 二回目
            found.append((0, Token(lex: .turnNoun)))
        } else if w.count >= 9, w.starts(with: "第".utf8),
                  let n = kanjiNumerals.firstIndex(where: { w.dropFirst(3).starts(with: $0.utf8) }),
                  w.dropFirst(6).starts(with: "次".utf8) {
            found.append((0, Token(lex: .ordinal, value: n + 1)))  // Chinese 第三次, the third time
            found.append((0, Token(lex: .turnNoun)))
        }
        // A count inside the word (试了三次都不行, tried three times; 三回試した; 试了4次): two to ten times.
        if found.isEmpty, let d = w.indices.first(where: { $0 > 0 && isDigit(w[$0]) }) {
            let run = w[d...].prefix(while: isDigit)
            let after = w[(d + run.count)...]
            if run.count <= 2, after.starts(with: "次".utf8) || after.starts(with: "回".utf8) && !after.starts(with: "回目".utf8) {
                found.append((d, Token(lex: .times, value: run.reduce(0) { $0 * 10 + Int($1 - 48) })))
            }
        }
        if found.isEmpty {
            for n in 1..<kanjiNumerals.count {
                let numeral = Array(kanjiNumerals[n].utf8)
                guard w.count >= numeral.count + 3 else { continue }
                for at in stride(from: 0, through: w.count - numeral.count - 3, by: 1)
                where w[at..<at + 3].elementsEqual(numeral) && (w[(at + 3)...].starts(with: "次".utf8)
                    || w[(at + 3)...].starts(with: "回".utf8) && !w[(at + 3)...].starts(with: "回目".utf8))
                    && !(at >= 3 && w[(at - 3)..<at].elementsEqual("第".utf8)) {
                    found.append((at, Token(lex: .times, value: n + 1)))
                    break
                }
            }
        }
        var claimed: [Range<Int>] = []
        for (part, lex) in wordParts {
            let p = Array(part.utf8)
            guard w.count >= p.count else { continue }
            for start in 0...(w.count - p.count) where w[start] == p[0] && w[start..<start + p.count].elementsEqual(p) {
                // A part inside one found before it is read with it (修正 in 修正なし).
                if !claimed.contains(where: { $0.overlaps(start..<start + p.count) }) {
                    found.append((start, Token(lex: lex)))
                    claimed.append(start..<start + p.count)
                }
                break
            }
        }
        if found.isEmpty { return [Token(lex: .other)] }
        return found.sorted { $0.at < $1.at }.map(\.token)
    }

    /// Whether a word is in the lexicon, is a number or ordinal word, or carries a marker.
    static func isKnown(_ w: [UInt8]) -> Bool {
        let s = String(decoding: w, as: UTF8.self)
        return lexicon[s] != nil || numbers[s] != nil || ordinals[s] != nil || wordMarkers[s] != nil
    }

    static func isWord(_ w: [UInt8], _ s: StaticString) -> Bool {
        guard w.count == s.utf8CodeUnitCount else { return false }
        let p = s.utf8Start
        for k in 0..<w.count where w[k] != p[k] { return false }
        return true
    }

    static func scalar(_ buf: UnsafeBufferPointer<UInt8>, _ i: Int, _ len: Int) -> UInt32 {
        switch len {
        case 2: return UInt32(buf[i] & 0x1F) << 6 | UInt32(buf[i + 1] & 0x3F)
        case 3: return UInt32(buf[i] & 0x0F) << 12 | UInt32(buf[i + 1] & 0x3F) << 6 | UInt32(buf[i + 2] & 0x3F)
        case 4:
            return UInt32(buf[i] & 0x07) << 18 | UInt32(buf[i + 1] & 0x3F) << 12 | UInt32(buf[i + 2] & 0x3F) << 6
                | UInt32(buf[i + 3] & 0x3F)
        default: return UInt32(buf[i])
        }
    }

    /// The token for one lower-cased word: a number (`3`), an ordinal (`3rd`, `third`), or a lexicon entry.
    static func wordToken(_ w: [UInt8]) -> Token? {
        guard !w.isEmpty else { return nil }
        if w.allSatisfy(isDigit) {
            var value = 0
            for d in w {
                let (times10, o1) = value.multipliedReportingOverflow(by: 10)
                let (sum, o2) = times10.addingReportingOverflow(Int(d - 48))
                // Too large for an Int: a great many (`after 99999999999999999999 turns` is more turns).
                if o1 || o2 { return Token(lex: .vague) }
                value = sum
            }
            return Token(lex: .number, value: value)
        }
        // "x3", "3x": said or done that many times.
        // (Not `x86`, `x64`, `x32`: architectures.)
        if w.count >= 2, w.count <= 3, w[0] == 120, w.dropFirst().allSatisfy(isDigit), !["x86", "x64", "x32"].contains(where: { w.elementsEqual($0.utf8) }) {
            return Token(lex: .times, value: w.dropFirst().reduce(0) { $0 * 10 + Int($1 - 48) })
        }
        if w.count >= 2, w.count <= 3, w[w.count - 1] == 120, w.dropLast().allSatisfy(isDigit) {
            return Token(lex: .times, value: w.dropLast().reduce(0) { $0 * 10 + Int($1 - 48) })
        }
        if w.count >= 3 || w.count == 2 && w[1] == 101, w.count <= 6, isDigit(w[0]) {  // (`2e` too)
            let suffix = String(decoding: w.drop { isDigit($0) }, as: UTF8.self)
            let digits = w.prefix { isDigit($0) }
            if ["st", "nd", "rd", "th", "e", "ème"].contains(suffix) {  // (French "au 2e essai")
                return Token(lex: .ordinal, value: digits.reduce(0) { $0 * 10 + Int($1 - 48) })
            }
            return Token(lex: .other, value: Reader.measureMarker)
        }
        if w.count == 2, isDigit(w[0]), (w[1] | 0x20) >= 97, (w[1] | 0x20) <= 122 {
            return Token(lex: .other, value: Reader.measureMarker)  // "4m", "9s"
        }
        guard w.count <= 15 else { return Token(lex: .other) }
        let s = String(decoding: w, as: UTF8.self)
        if let lex = lexicon[s] { return Token(lex: lex) }
        if let v = numbers[s] { return Token(lex: .number, value: v) }
        if let v = ordinals[s] { return Token(lex: .ordinal, value: v) }
        return Token(lex: .other)
    }
}

// MARK: - Reading signals

/// The signals found in one sentence, with the token position of each (for ordering).
struct Signals {
    var hit: Int? = nil          // first position of a hit signal
    var negatedHit = false
    var partial = false
    var miss: Int? = nil         // first position of a miss signal
    var success: Int? = nil      // last position of a success signal
    var turns: Int? = nil        // the largest stated turn count of two or more
    var moreTurns = false        // more turns said without a number ("a few tries")
    var afterOneTurn = false     // "after 1 turn": what `plog outcome --partial --turns 1` writes
    var tookOver = false         // the user did the work ("myself", "by hand")
    var helped = false           // help was given ("with a hint"): partial only beside success
    var missSaid = false         // a failure said in its own words, not success denied
    var doubt: Int? = nil        // first position of a doubt ("unclear", "not sure", "I think")
    var shrug = false            // 🤷 🤔: no hit
    var claimed = false          // a success only seen or claimed ("looked right", "says it works")
    var instead = false          // "wrote it myself instead"
    var wrote = false            // "wrote", "rewrote": with "myself", the user's own version
    var rest = false             // "the rest": with "myself", finishing the answer
    var shortfall = false        // "skipped", "missed", "ignored": something asked for was left out
    var eventually = false       // "eventually", "finally", "in the end": time passed before the end
    var caveat = false           // "caveats": partial only beside success
    var restricted = false       // "except ...", "only for ...", "not on Safari": success in part
    var sarcasm = false          // 🙄 🙃, "if you ignore ...": praise beside them is not meant
    var percent = false          // "90%": partial beside success ("about 90% correct")
    var firstTry = false         // "first try", "one shot": a count of one
    var oneCount = false         // "one prompt", "one shot", "a single try": a count of one, not "first"
    var afterHelp = false        // "after I pasted the error", "after some edits": more than the first prompt
    var praiseContrasted = false // `but` after that praise: what follows weighs more
    var partPraised = false      // "helpful explanation", "good idea": praise of something besides the answer
    var litotes = false          // "not bad": a failure word denied, faint praise
    var plainSuccess = false     // a success said as such, not as a failure denied
    var partDenied = false       // a denial alone after success: "the regex was right, the code wasn't"
    var problem = false          // "bugs", "errors" said, not denied: failure only after praise alone
    var keptPart = false         // "kept the tests": a part of the answer kept
    var wrotePart = false        // "rewrote the I/O": the user redid a part, not the whole
    var wroteWhole = false       // "wrote it myself", "rewrote the whole thing": all of it anew
    var hitSaid = false          // a hit word or praise ("nailed it", "perfect"), not `first try`
    var answerFailed = false     // "wrong answer", "a broken answer": a failure of the whole answer
    var successes = 0            // how many success signals
    var firstSuccess: Int? = nil // first position of a success signal
    var strongSuccess = false    // a success besides building ("compiles"): "works", "fine", "solved"
    var partFailed = false       // a named part failed beside success: "the backend was nonsense"
    var contrastedDoubt: Int? = nil  // doubt before `but`: open beside success, outweighed by failure
    var firstFew = false         // "the first two", "the first few": earlier attempts, so a later one
    var ownFix = false           // a success that is the user's: "fixed it by hand", "solved it myself"
    var hedged = false           // a signal a hedge left open: "docs might be wrong"
    var okSaid = false           // `ok` said, not denied: too little alone, but beside turns the last one worked
    var successAsConsequence = false  // success after a failure and `so I` ("Didn't work, so I shipped it."): a joke or a slip
    var effort = false           // time spent ("Spent 20 min on this."): no verdict, but not nothing

    var any: Bool {
        hit != nil || negatedHit || partial || miss != nil || success != nil || turns != nil || moreTurns || afterOneTurn
            || tookOver || doubt != nil || claimed || eventually || keptPart || instead
    }
}

enum Reader {
    /// Openings that make a text a miss whatever follows, when a colon, a dash, a bracket or the
    /// sentence's end comes next, maybe after a turn count (`Failed after 3 turns: ...`), or a
    /// comma after a denied success (see `missOpening`). Up to two words may stand before one
    /// (`It didn't work:`, `I gave up -`).
    static let missOpenings: [(lexes: [Lex], examples: String)] = [
        ([.labelFailed], "Failed, FAILED, Fail, Failure"),
        ([.labelMiss], "Miss"),
        ([.nope], "Nope"),
        ([.negation, .success], "Didn't work, Did not work, Doesn't compile, Not working, Never worked"),
        ([.no, .fortune], "No luck, No dice, No joy"),
        ([.no, .go], "No go"),
        ([.no, .success], "No good, No funcionó"),
        ([.give, .up], "Gave up, Giving up, I give up"),
        ([.regret, .negation], "Sadly not, Unfortunately not"),
        ([.regret, .no], "Sadly no, Unfortunately no"),
        ([.missWord], "Wrong, Broken, Useless, Worse than useless"),
    ]

    /// Rule 2: a leading label.
    static func label(_ t: inout [Token]) -> Classification? {
        // A question ("Failed?") labels nothing.
        if let end = t.firstIndex(where: { $0.lex == .sentenceEnd }), t[end].value == 63 { return nil }
        if timedOutBeforeRetry(t) { return .unclassified }
        if t.count > 1, t[0].lex == .missWord, t[0].value == noResultMarker, t[1].lex == .clauseBreak, [45, 58].contains(t[1].value) {
            return .unclassified
        }
        if let m = missOpening(t) {
            // The writer takes the failure back ("Didn't work. Actually it did, after I restarted
            // Xcode."): which it was is open.
            if let end = t.firstIndex(where: { $0.lex == .sentenceEnd }), end + 3 < t.count,
               t[end + 1].lex == .other, t[end + 1].value == actuallyMarker, t[end + 2].lex == .it,
               t[end + 3].lex == .success || t[end + 3].lex == .other && t[end + 3].value == didMarker {
                return .unclassified
            }
            return .miss(statedTurns(&t, from: m))
        }
        // A failure on the first try and no other ("Failed on the first attempt and I didn't retry.",
        // "failed on the 1st try, didn't bother retrying"): a miss after one turn. Alone ("Didn't work
        // first try") it may be the start of a story, and is left to the rest of the rules.
        // The tries after it may be listed ("failed on the first try and the second", "No luck on the
        // first try, or the 2nd, or the 3rd."): a miss after the last.
        if var m = missOpening(t, firstTry: true) {
            var tries = 1, k = m
            while k < t.count {
                var words = 0
                while k < t.count, t[k].lex == .clauseBreak && t[k].value == 0 || t[k].lex == .or || t[k].lex == .the
                        || t[k].lex == .other && words == 0 {
                    if t[k].lex == .other { words += 1 }
                    k += 1
                }
                guard k < t.count, t[k].lex == .ordinal, t[k].value == tries + 1 else { break }
                tries += 1; k += 1
                if k < t.count, t[k].lex == .turnNoun { k += 1 }
                m = k
            }
            let said = m < t.count && t[m].lex != .sentenceEnd
            if tries > 1 || said && t[m...].contains(where: { $0.lex == .negation }) {
                var s = Signals()
                scan(&t, m, t.count, into: &s)
                if s.success == nil, s.hit == nil, !s.partial, s.turns == nil, !s.moreTurns, s.doubt == nil { return .miss(tries) }
            }
        }
        guard let first = t.first else { return nil }
        // "Hit on the logic, miss on the style guide": a hit for one part, a miss for another.
        if first.lex == .labelHit, t.count > 1, t[1].lex == .on, t.contains(where: { $0.lex == .labelMiss }) { return .partial(nil) }
        // ❌ first is a failure said first, whatever follows (but "❌ → ✅ after 2 tries" is not).
        if first.lex == .symbolMiss, !t.contains(where: { $0.lex == .symbolHit || $0.lex == .symbolPartial }) {
            return .miss(statedTurns(&t, from: 1))
        }
        let next = t.count > 1 ? t[1] : Token(lex: .sentenceEnd)
        let endsLabel = next.lex == .clauseBreak || next.lex == .sentenceEnd
        switch first.lex {
        case .labelHit where endsLabel: return .hit
        case .labelMiss where endsLabel: return .miss(statedTurns(&t, from: 1))  // "miss, 3 turns"
        case .labelPartial where endsLabel:
            let end = t.firstIndex { $0.lex == .sentenceEnd } ?? t.count
            var s = Signals()
            var rest = Array(t[1..<end])
            scan(&rest, 0, rest.count, into: &s)
            return .partial(s.turns)
        case .partialWord where next.lex == .clauseBreak && (next.value == 58 || next.value == 45)
            && (first.value == partlyMarker || first.value == mostlyMarker),
             .partialWord where next.lex == .success && t.count > 2 && t[2].lex == .clauseBreak && (t[2].value == 58 || t[2].value == 45),
             .labelPartial where next.lex == .success && t.count > 2 && t[2].lex == .clauseBreak && (t[2].value == 58 || t[2].value == 45):
            // "Partially: the test was wrong.", "partly - the client works, pagination doesn't",
            // "Semi-success: the script runs but logs nothing.", "Partial success: ..."
            let end = t.firstIndex { $0.lex == .sentenceEnd } ?? t.count
            let words = next.lex == .success ? 3 : 2
            var s = Signals()
            var rest = Array(t[min(words, end)..<end])
            scan(&rest, 0, rest.count, into: &s)
            return .partial(s.turns)
        default: return nil
        }
    }

    /// Where the words after a miss opening start (the position of its colon, dash, bracket or
    /// sentence end, or the end), or `nil` when the text does not open with one.
    ///
    /// With `firstTry`, the opening is one that states the first try, and it ends there whatever
    /// follows (`Failed on the first try and ...`).
    static func missOpening(_ t: [Token], firstTry: Bool = false) -> Int? {
        func lex(_ k: Int) -> Lex { k < t.count ? t[k].lex : .sentenceEnd }
        var start = 0
        while start < 2 {
            let l = lex(start)
            guard l == .other || l == .it || l == .pronoun else { break }
            start += 1
        }
        switch lex(start) {  // the first kinds of `missOpenings`: most texts start otherwise
        case .labelFailed, .labelMiss, .nope, .negation, .no, .give, .regret, .missWord: break
        default: return nil
        }
        // A failure word opens only the bullet, and only before a colon or a dash ("Worse than useless
        // — it rewrote working code into broken code."; not "Initially wrong (it mocked the DB), fixed
        // after ...", nor "Test results lost — CI logs expired.", which lost the outcome).
        if lex(start) == .missWord {
            // ("Bad output — SQL injection baked right into the query builder.": the failure names
            // what failed.)
            if start == 0, !firstTry, t.count > 2, t[1].lex == .answerNoun || t[1].lex == .other && t[1].value == outputMarker,
               t[2].lex == .clauseBreak, [58, 45, 59].contains(t[2].value), t[0].value != lostMarker {
                return 2
            }
            guard start == 0, t[0].value != lostMarker, t.count > 1, t[1].lex == .clauseBreak, [58, 45, 59].contains(t[1].value)
            else { return nil }
        }
        var found: [Lex]? = nil
        for o in missOpenings where o.lexes.indices.allSatisfy({ lex(start + $0) == o.lexes[$0] }) { found = o.lexes; break }
        guard let opening = found else { return nil }
        let end = start + opening.count
        var k = end
        /// Whether what follows from `from` tells how it went on after the failure: more turns, or
        /// success said after the last `but` and not denied ("the model doesn't know it well enough
        /// to be useful" says why).
        func wentOn(_ from: Int) -> Bool {
            guard from < t.count else { return false }
            let lastBut = t[from...].lastIndex { $0.lex == .clauseBreak && $0.value == contrastMarker } ?? from
            return t[from...].contains { [.after, .until, .retried, .intervention, .turnNoun, .ordinal, .eventually, .twice, .thrice].contains($0.lex) }
                || t[lastBut...].contains { [.success, .hitWord, .hitQuality].contains($0.lex) } && !t[lastBut...].contains { $0.lex == .negation }
        }
        // What was given up on ("Gave up on this, the model doesn't know SwiftData", "Gave up on
        // the refactor:"): the opening ends after it, at a break, a comma too, unless what follows
        // tells how it went on.
        if opening == [.give, .up], !firstTry, lex(k) == .on {
            var o = k + 1
            while o < t.count, o - k <= 3, [.other, .it, .the].contains(t[o].lex) { o += 1 }
            if o > k + 1, !(o < t.count && [.ordinal, .number, .turnNoun, .single].contains(t[o].lex)) {  // ("on the third try")
                if o >= t.count || t[o].lex == .sentenceEnd { return o }
                return t[o].lex == .clauseBreak && ([58, 59, 45, 40].contains(t[o].value) || t[o].value == 0 && !wentOn(o + 1)) ? o : nil
            }
        }
        // A turn count may follow: `after 3 turns`, `(3 turns)`, `on the third attempt`, `twice`;
        // `first try` may not (`Failed first try, worked on the second` is not a miss).
        let bracket = lex(k) == .clauseBreak && t[k].value == 40
        if bracket { k += 1 }
        let after = lex(k) == .after
        if [.after, .in_, .on, .at].contains(lex(k)) { k += 1 }
        if lex(k) == .the { k += 1 }
        if lex(k) == .twice || lex(k) == .thrice {
            k += 1
        } else if let c = turnPhrase(t, k, t.count), firstTry {
            return c.count == 1 && !after ? c.next : nil
        } else if let c = turnPhrase(t, k, t.count), after || (c.count ?? 2) >= 2 {
            k = c.next
        } else if firstTry {
            return nil
        } else {
            // No count: the opening ends at a bracket or here.
            if bracket { return end }
            if k > end { return nil }
        }
        if k >= t.count || t[k].lex == .sentenceEnd { return k }
        // A count in brackets ends at the bracket; a semicolon ends a failure named as a label
        // ("Complete failure; the shader outputs solid magenta.", not "Didn't compile; after 2 more
        // prompts it did.").
        // A comma ends "Didn't work, ..." too when what follows says why ("Didn't work, the SQL was
        // valid but deleted the wrong rows."), not how it went on ("Didn't work, retried and it
        // worked.", "..., fixed one import and then it ran fine"); nor a pair ("Not great, not
        // terrible.") nor what the user did about it ("Didn't work, so I shipped it.").
        let commaEnds = [.negation, .nope, .no].contains(t[start].lex) && k == end && k + 1 < t.count && t[k + 1].lex != .negation
            && !(t[k + 1].lex == .other && t[k + 1].value == soMarker) && !wentOn(k + 1)
        let closes: [Int] = bracket ? [41] : [.labelFailed, .labelMiss, .give, .missWord].contains(t[start].lex) ? [58, 59, 45, 40]
            : commaEnds ? [58, 45, 40, 0, 59] : [58, 45, 40]
        return t[k].lex == .clauseBreak && closes.contains(t[k].value) ? k : nil
    }

    /// The turns a miss states: in its opening (`Failed after 3 turns:`), else in the first sentence
    /// after it with a count and no success (`Failed: tried 3 times`; but in `Failed: worked on the
    /// second try in the REPL` the count is of something else). `after 1 turn` is one here: a miss
    /// after one turn is not a hit's count.
    static func statedTurns(_ t: inout [Token], from opening: Int) -> Int? {
        func count(_ start: Int, _ end: Int) -> Int? {
            var s = Signals()
            scan(&t, start, end, into: &s)
            return s.success == nil ? s.turns ?? (s.afterOneTurn || s.oneCount ? 1 : nil) : nil
        }
        if let n = count(0, opening) { return n }
        var start = opening
        while start < t.count {
            let end = t[(start + 1)...].firstIndex { $0.lex == .sentenceEnd } ?? t.count
            if let n = count(start, end) { return n }
            start = end
        }
        return nil
    }

    /// Marks `partially`, `partly` and `mostly` among the partial words: with a colon they are labels.
    static let partlyMarker = 1
    /// Marks a partial word followed by `a`, `an` or `the` ("mostly a discussion", "half the flags"):
    /// it is about a thing, and says partial only beside success ("half the tests pass").
    static let aboutThingMarker = 2
    /// Marks `mostly`, which with a colon is a label like `partly`.
    static let mostlyMarker = 3
    /// Marks `kinda`, `sorta` and `somewhat`: after a hit, in a clause about a thing ("although the
    /// variable names are kinda meh"), they qualify the thing, not the outcome.
    static let degreeMarker = 4
    /// Marks `fix`: negated ("couldn't fix it") it is a failure.
    static let fixMarker = 1
    /// Marks `for` and `when`, which after `only` or `not` restrict a success ("works, but not for
    /// large files", "only when offline"); `unlessMarker` marks `unless`, which does too.
    static let scopeMarker = 1
    /// Marks `none`, `nothing` and `nobody`: their negation reaches to the end of the clause ("none of
    /// the three suggestions worked").
    static let quantifierMarker = 1
    /// Marks `pas` and `nicht`, which negate the verb before them ("ça marche pas", "funktioniert nicht").
    static let afterVerbMarker = 2
    /// Marks a word outside the lexicon ending in `-ing`: after `after`, something the user did first.
    static let gerundMarker = 2
    /// Marks `dropped`, which before `in` or `into` is use ("dropped it into the repo"), not a failure.
    static let droppedMarker = 1
    /// Marks `latency`, `memory`, `rate`, `p95` and the like: before `dropped`, a measure fell ("the
    /// latency dropped"); after `crash`, a measure ("crash rate back to baseline"); no failure.
    static let quantityMarker = 66
    /// Marks `blocked`: opening a sentence, the user was kept from trying (`Blocked by VPN issues,
    /// couldn't run anything.`), so a run denied after it is no failure of the answer.
    static let blockedMarker = 67
    /// Marks `mixed`: as a label (`Mixed:`, `Mixed bag —`), what follows weighs good against bad.
    static let mixedMarker = 68
    /// Marks `accident`: after `by`, the user's own mishap ("Aborted the session by accident, no
    /// result."), which leaves the outcome open.
    static let accidentMarker = 69
    /// Marks `slower`: after a number (`3x slower`) a measure, and beside success a flaw of it
    /// ("Works, but it's 3x slower than the old version.").
    static let slowerMarker = 70
    /// Marks `caught`, `spotted`: before a bug, one the answer found ("it caught a second bug").
    static let caughtMarker = 71
    /// Marks `sent`: denied ("never sent it"), the prompt never went out, so there is no outcome.
    static let sentMarker = 72
    /// Marks `now`: after `right` but not after `is` (`returns 503 for everything right now`), the
    /// time, not a right answer; before `retries` after a thing named (`the flow now retries
    /// once`), what the code does; before `gone` (`is now gone`).
    static let nowMarker = 73
    /// Marks `taste`, `style`: after `for`, an edit of the user's liking (`renamed a variable for
    /// taste`), no fix.
    static let tasteMarker = 74
    /// Marks `prompt`: after praise (`Good prompt template, reuse it.`), praise of the user's own
    /// prompt, not of the answer.
    static let promptMarker = 75
    /// Marks `removed`, `eliminated`: before a failure named (`removed the deadlock`), the failure ended.
    static let removedMarker = 76
    /// Marks `learned`: `so I learned nothing`, whether it worked is not known.
    static let learnedMarker = 77
    /// Marks `my`: opening a clause after success (`It was right, my mental model was wrong.`),
    /// the user's own thing.
    static let myMarker = 78
    /// Marks `idea`: `Idea:` opening a bullet is a note for later, not the outcome.
    static let ideaMarker = 79
    /// Marks `given`: `given the ...` is what the user weighs the outcome against.
    static let givenMarker = 80
    /// Marks `scrapped`, `binned` and the like: the user threw the answer away (as `dropped` and
    /// `reverted` say too, under marks of their own).
    static let abandonMarker = 81
    /// Marks `be`: `had to be very specific in the prompt` is how the user wrote the prompt.
    static let beMarker = 82
    /// Marks `real`, `serious`: `not a real attempt` is no try at all.
    static let realMarker = 83
    /// Marks `merge`, `commit`, `paste`: `good enough to merge` is accepted as it was.
    static let mergeMarker = 84
    /// Marks `later`, `tomorrow`: `retry later` is a try not yet made.
    static let laterMarker = 85
    /// Marks `applying`: `after applying the suggested mutex` is the answer used, no help to it.
    static let applyingMarker = 86
    /// Marks `output`: `Lost the output` is no answer seen.
    static let outputMarker = 87
    /// Marks `into` (see `droppedMarker`).
    static let intoMarker = 3
    /// Marks `from`, `below` and `under`: after `dropped`, a number fell ("dropped from 180 ms to 38").
    static let fromMarker = 4
    /// Marks a caveat read from a percentage under 100 ("90% there").
    static let percentMarker = 1
    /// Marks `meh`, a caveat only as a sentence's opening ("meh, it works").
    static let mehMarker = 2
    /// Marks `rewrote`, `redid` and the like among the user's writing: redoing what the answer gave.
    static let redoMarker = 1
    /// Marks a negation read from `n't` ("don't even run"), as against the word `not` ("not run yet").
    static let contractedMarker = 3
    /// Marks `run` among the checks: not done, it is doubt only after have ("haven't run it").
    static let runMarker = 1
    /// Marks `more`, `extra`, `additional` and `further`: "two more prompts" are two after the first.
    static let moreMarker = 1
    /// Marks `but` among the clause breaks ("close, but no").
    static let contrastMarker = 1
    /// Marks `though` among the clause breaks: at a sentence's end it makes that end a `concessionMarker`.
    static let thoughMarker = 2
    /// Marks `then` among the clause breaks: a bare denial after it (`Worked, then didn't.`) undoes
    /// the success in time, which leaves open which it was.
    static let thenMarker = 3
    /// Marks the end of a sentence that ends in `though` ("Works great! Broken in prod though."):
    /// the writer grants what came before.
    static let concessionMarker = 65
    /// Marks the word `count` ("if you don't count the crash"), as against 🙄 and `if you ignore`.
    static let countMarker = 1
    /// Marks `retried`, `rephrased`, `reprompted` and the like said once, without a count ("Retried,
    /// worked"): one more prompt, two turns. (Not `apologized`, which is the answer's, nor `retrying`.)
    static let retriedOnceMarker = 1
    /// Marks `a` and `an`: "a follow-up" is one.
    static let articleMarker = 5
    /// Marks 🙄 among the sarcasm cues: beside praise alone, a miss; alone, it says too little.
    static let eyeRollMarker = 2
    /// Marks 🙃: irony, which may be fond ("works 🙃"); it vetoes praise, but says no failure.
    static let ironyMarker = 3
    /// Marks `did` ("didn't work at first, then did"): after a failure and `then`, the success left out.
    static let didMarker = 6
    /// Marks `bad`, `awful` and `terrible` among the failures: before a noun after a success
    /// ("Correct output, awful code"), a flaw of a part.
    static let flawMarker = 2
    /// Marks a sentence end of `??` or `?!`: a question, or surprise at a success ("it works??
    /// first try??"); `read` tells which.
    static let surpriseMarker = 64
    /// Marks `by` ("regressed perf by 3x"): a measure follows.
    static let byMarker = 17
    /// Marks `bit` ("a bit verbose"): what follows is a trifle.
    static let bitMarker = 16
    /// Marks `stopped`: before `after` or at a sentence's end ("Stopped after 4 prompts."), giving up.
    static let stoppedMarker = 15
    /// Marks `insisted`, `insists`: the answer claimed something (`It insisted the bug was in my
    /// config.`), which a retraction after it denies.
    static let insistMarker = 1
    /// Marks `correct` after `to`: the verb, a follow-up ("had to correct it twice").
    static let correctMarker = 5
    /// Marks `wtf`: beside a hit, surprise (`WORKED FIRST TIME WTF`), not failure.
    static let wtfMarker = 5
    /// Marks `needed` and `required`: before `to` and a verb (`Needed to swap the deprecated
    /// call.`), what the user had to do, as `had to` is (`need to check it` is what the user will do).
    static let neededMarker = 1
    /// Marks `suspicious`, `shocked` and other feelings: a degree before them (`almost suspicious`)
    /// qualifies the feeling, not the outcome.
    static let feelingMarker = 21
    /// Marks `warning`: after `with a`, a qualification ("Worked, with a warning I still need to
    /// look at."); warnings otherwise say nothing ("unused-var warnings I cleaned up").
    static let warningMarker = 24
    /// Marks `spent`: time spent says no verdict, and is not nothing either (step 9 leaves "Spent 20
    /// min on this." open; "Spent an hour on it. Nothing." is read by its other words).
    static let spentMarker = 23
    /// Marks French `ne`: after `aucune` or `rien`, the same negation again, not a second one.
    static let neMarker = 4
    /// Marks `its`: after `using` or `kept`, a part of the answer used (`using its approach`).
    static let itsMarker = 22
    /// Marks `finished`: denied ("never finished the answer"), a failure.
    static let finishedMarker = 1
    /// Marks 👏: after praise standing alone before what the answer did, told without judgement
    /// (`Brilliant, it rewrote my whole file in Kotlin. 👏`), a slow clap, a miss; elsewhere no signal.
    static let clapMarker = 20
    /// Marks `helpful`, `useful`: before `for the` (`Helpful for the outline`), help with a part.
    static let helpMarker = 6
    /// Marks `thanks`: before `for` and a failure (`thanks for deleting my tests`), sarcasm.
    static let thanksMarker = 25
    /// Marks `just`: before `the` at a clause's start, as `only`.
    static let justMarker = 26
    /// Marks `told`: after `it` and before what it said (`It told me it's impossible.`), a claim.
    static let toldMarker = 27
    /// Marks `also`: before a denial standing alone (`but also it wasn't`), both at once.
    static let alsoMarker = 28
    /// Marks the phrase `I think`: in `why didn't I think of that`, sarcasm, not doubt.
    static let thinkMarker = 29
    /// Marks `unless`: before a denial standing alone (`It works, unless it doesn't`), both at once.
    static let unlessMarker = 30
    /// Marks `help`: after `with some` (`Got it working with some help from me.`), help given, as
    /// `with a hint` is.
    static let helpNounMarker = 31
    /// Marks `so`: before `I` and a success after a failure (`Didn't work, so I shipped it.`),
    /// success as the failure's consequence, which does not follow.
    static let soMarker = 32
    /// Marks `wow`, `oh`, `gee`: before praise beside a deed (`Oh brilliant, it "optimized" the
    /// query`), sarcasm.
    static let interjectionMarker = 33
    /// Marks `take`: after `on` and before a number (`Fixed on take two.`), a turn.
    static let takeMarker = 34
    /// Marks `read`, `reread`: before `twice` in its clause (`had to read the diff twice`), the user's
    /// reading, not prompts.
    static let readMarker = 35
    /// Marks `lovely`, `classic`, `genius` and other praise outside the lexicon: alone in the last
    /// sentence after a fault (`Fabricated a CLI flag. Lovely.`), sarcasm.
    static let closingPraiseMarker = 36
    /// Marks `review`: after `needs`, beside success, the answer is not done yet (a caveat).
    static let reviewMarker = 37
    /// Marks `full`: after `not the`, a success in part ("Not the full solution.").
    static let fullMarker = 38
    /// Marks `actually`: before `it did` after a failure said first, the failure taken back.
    static let actuallyMarker = 39
    /// Marks a word of digits and letters (`420ms`, `2GB`, `90s`): a measure, after `dropped ... to`
    /// or `from` a number fell ("Dropped p95 from 420ms to 90ms.").
    static let measureMarker = 40
    /// Marks `down`, `improved`, `reduced` and the like: before a percentage a measure moved ("Bundle
    /// size down 31%.", "Benchmarks improved ~30%."); `off` after one, it was cut ("shaved 40% off").
    static let directionMarker = 41
    /// Marks `which`: after `not sure` and before `fixed`, doubt about which change did it, not the
    /// outcome ("worked after several retries, not sure which change fixed it"; not "no idea which
    /// is right").
    static let whichMarker = 42
    /// Marks `introduced`: after success, before `a` or `new` ("Fixed the crash, introduced a new
    /// warning."), a fault the answer brought, so a part.
    static let introducedMarker = 43
    /// Marks `wait`: after `had to` (`had to wait 90s for the response`), the user's time, no help.
    static let waitMarker = 44
    /// Marks `ran`: denied after `I` or `we` ("I never actually ran the output"), not tried yet.
    static let ranMarker = 45
    /// Marks `reminder` and `todo` (as a label: `Reminder: redact the key.`) and `timestamp`: a note
    /// to the user or about the log, not an outcome.
    static let noteMarker = 46
    /// Marks `missing`: after `was a` or `is an` (`the race condition was a missing await`), the
    /// cause of the bug, not a shortfall of the answer (but `it was a missing feature` is one).
    static let missingMarker = 47
    /// Marks `revisit`: after `need to` (`I'll need to revisit`), the answer is not done yet (a
    /// caveat); "Will revisit the naming later" is no caveat.
    static let revisitMarker = 48
    /// Marks `note`: as a label with a reference to the log after it (`Note: model name above is
    /// wrong.`, `Note: this entry duplicates another.`), a note about the log.
    static let noteLabelMarker = 49
    /// Marks `above`: after a `Note:` label, a reference to the log (see `noteLabelMarker`).
    static let logReferenceMarker = 50
    /// Marks `found`: denied before `out` (`so never found out`), the outcome is not known.
    static let foundMarker = 51
    /// Marks `longer`: after `no` (`the UI no longer freezes`), a failure ended, or a success did.
    static let longerMarker = 52
    /// Marks `gone`: after a problem and `is` (`The pagination bug is gone.`), the problem solved.
    static let goneMarker = 53
    /// Marks `trimmed`: after success (`Worked but way over-engineered; trimmed ~200 lines.`), the
    /// user cut the answer down, a part; alone it may be the user's own prompt.
    static let trimmedMarker = 54
    /// Marks `chance`: denied before `to` (`Didn't get a chance to run it`), not tried yet.
    static let chanceMarker = 55
    /// Marks `immediately` and `instantly`: after a failure (`code that deadlocks immediately`), how
    /// soon it failed, not a hit.
    static let immediatelyMarker = 56
    /// Marks `tried`: before a number at a clause's end (`Wrong on every attempt (tried 3).`), the
    /// tries.
    static let triedMarker = 57
    /// Marks `running`, `waiting` and `evaluating`: after `still` (`Benchmark still running.`), not
    /// done yet.
    static let progressMarker = 58
    /// Marks `entry` and `header`: after a `Note:` label, or in a bullet opened by `Wrong` (`Wrong
    /// model name in the header, it was gpt-4o.`), a reference to the log: a note about it.
    static let logEntryMarker = 59
    /// Marks `all`: `at all` after a denied success ("worked perfectly, except it didn't work at
    /// all") adds only weight to the denial.
    static let allMarker = 88
    /// Marks `workaround`: deleted by the user ("Perfect. Deleted my 40-line workaround."), the
    /// user's own stopgap the answer made needless, no failure.
    static let workaroundMarker = 89
    /// Marks `timed out`: with nothing else said but a retry to come (`Timed out — will retry
    /// tomorrow.`), no answer came, so there is no outcome yet.
    static let timedOutMarker = 90
    /// Marks `demo`, `prototype`: after a success and `for the` (`Works for the demo.`), a
    /// restriction to what is not the real use.
    static let demoMarker = 91
    /// Marks `expected`, `assumed`, `feared`, `worried`, `thought`: before `it to`, `it would` or
    /// `this would` (see `foresaw`), what the writer foresaw (`Had assumed it would hallucinate the
    /// API but it didn't.`), not what happened.
    static let expectMarker = 92
    /// Marks `trust` among the checks: `so naturally I don't trust it` after a first-try success is
    /// a joke, not a check left undone.
    static let trustMarker = 93
    /// Marks `regenerated`: said once, one more answer, as `retriedOnceMarker`; before `the` and a
    /// thing (`regenerated the OpenAPI client`), what the answer's code made, no turn.
    static let regeneratedMarker = 94
    /// Marks `flaky`, `quadratic` and a complexity worse than linear (`O(n^2)`): said of what
    /// the answer made after success (`Works, but the tests are flaky.`, `it works but it's
    /// O(n^2)`), a flaw; before a noun (`fixed the flaky test`, `the O(n²) loop`), what was fixed.
    static let predicateFlawMarker = 95
    /// Marks `no result`: opening the bullet before a dash or a colon (`No result — the API
    /// returned a 529 overload error.`), no answer came to judge.
    static let noResultMarker = 96
    /// Marks `min`, `ms`, `sec`: after a number, a duration (`Build time 14 min -> 6 min`), no count.
    static let minuteMarker = 97
    /// Marks `reproduce`, `happen`, `occur`, `appear`: denied after a problem (`the deadlock doesn't
    /// reproduce anymore`, `the crash no longer happens`), the problem is gone.
    static let recurMarker = 98
    /// Marks `typo`: before `mine` (`worked first time (typo mine, not the model's)`), the user's own
    /// slip, no work of theirs on the answer.
    static let typoMarker = 99
    /// Marks `got nothing`: before a word of success (`got nothing usable after several prompts`),
    /// that word is what did not come, no success.
    static let gotNothingMarker = 100
    /// Marks `remains`: after a thing named beside a success (`Solved the main issue; the warning
    /// about deprecated APIs remains.`), something left over, a flaw.
    static let remainsMarker = 101
    /// Marks `off`: a direction after a measure, as `directionMarker` (`shaved 40% off`); after `is`
    /// beside a success and `but` (`Got the logic right but the styling is off.`), a part that is
    /// wrong.
    static let offMarker = 102
    /// Marks German `gar`, `überhaupt` (at all): between a verb and `nicht` (`Funktionierte
    /// überhaupt nicht`), the verb denied.
    static let atAllMarker = 103
    /// Marks `done`: after `I'm` (`Wrong again, three attempts, I'm done.`), the user stopping, no
    /// success: after a failure they gave up.
    static let doneMarker = 104
    /// Marks `I'm`, `im`: before `done`.
    static let imMarker = 105
    /// Marks `changed`, `modified`, `edited`: before `nothing` at a clause's end (`Right first time.
    /// Changed nothing.`), the answer used as it came; elsewhere a verb in `-ed` as any (`edMarker`).
    static let changedMarker = 106
    /// Whether a word's marker is that of a verb in `-ed`: `edMarker`, or `changedMarker`, which
    /// `changed` carries in its place.
    static func isEdVerb(_ value: Int) -> Bool { value == edMarker || value == changedMarker }
    /// Marks `anything`: before a word of success after `before` (`Context overflowed before it
    /// produced anything usable.`), that success never came.
    static let anythingMarker = 107
    /// Marks `logs`, `results`, `history`, `transcript`: before `lost` or `wiped` (`??? the logs got
    /// wiped`), the record of the outcome is gone, not the answer.
    static let recordMarker = 108
    /// Marks `failing`: between `the` and a noun (`the trick was giving it the failing test up
    /// front`), a thing named, no failure.
    static let failingMarker = 109
    /// Marks `click`, `sense`: after `finally made (it)` (`the explanation finally made it click`),
    /// understanding that came, not success that took long.
    static let clickMarker = 110
    /// Marks `env`, `environment`, `sandbox`, `vpn`: broken (`the env was broken, so couldn't
    /// evaluate`), the user's setup, not the answer.
    static let setupMarker = 111
    /// Marks `mention`, `mentioned`: denied of the answer (`needs an index it didn't mention`), an
    /// omission beside what worked.
    static let mentionMarker = 112
    /// Marks `and`, `y`, `et`, `und`: between the tries and `nothing` at the end (`Tres intentos y
    /// nada.`), nothing came of them.
    static let andMarker = 113
    /// Marks `sorted`: before a word outside the lexicon (`sorted ascending`), the answer's sort, not
    /// "sorted it".
    static let sortedMarker = 60
    /// Marks `back`: after a denied `got` (`never got back to it`), not tried.
    static let backMarker = 61
    /// Marks `before`: before `I tried` (`got fixed upstream before I tried`), not tried.
    static let beforeMarker = 62
    /// Marks `days`, `hours`, `weeks` and `months`: after `after` and a number (`after two days of
    /// debugging it myself`), time that passed before, no help to the answer.
    static let timeUnitMarker = 63
    /// Marks `been`: after `had` before a failure (`Had been stuck on this for two days.`), the
    /// user's past, not the answer's.
    static let beenMarker = 64
    /// Marks `lost`: after `I` or `we` (`the laptop died and I lost the output`), the user's loss,
    /// not the answer's failure.
    static let lostMarker = 65
    /// Marks `old`, `original`, `existing`, `previous`: after `kept the`, the user's own version.
    static let oldMarker = 19
    /// Marks `number` ("try number three"): the count follows.
    static let numberWordMarker = 18
    /// Marks `hmm`: as the first word before others (`hmm ok after 2 retries`), an interjection.
    static let hmmMarker = 1
    /// Marks `reverted`: after success, the only failure named, it says the user undid the
    /// answer, not why (`Perfect! Reverted it an hour later.`).
    static let revertedMarker = 4
    /// Marks `skipped`: a later sentence of that word alone is the user passing the answer over.
    static let skippedMarker = 4
    /// Marks `crash`, `panic` and other failures that are also nouns: before another noun ("the
    /// crash log", "a regression test") they name a thing.
    static let failureNounMarker = 3
    /// Marks `smaller`, `faster` and other comparatives: after a percentage, a measure.
    static let comparativeMarker = 14
    /// Marks `fixed` among the successes: "fixed the third" names a thing, not a turn.
    static let fixedMarker = 4
    /// Marks `well` ("did the frontend part well"): after a thing done, success.
    static let wellMarker = 12
    /// Marks `than` ("it broke more than it fixed"): the success after it is weighed, not had.
    static let thanMarker = 13
    /// Marks `know` among the words of telling: "I don't know" is doubt, "it doesn't know X" failure.
    static let knowMarker = 1
    /// Marks `compile`, `compiles`, `compiled`, `valid` among the successes: building, or valid
    /// syntax, says little of the answer.
    static let weakMarker = 3
    /// Marks `was`, `were`, `is`, `are`: "the backend was nonsense" names a part that failed.
    static let copulaMarker = 10
    /// Marks a word outside the lexicon ending in `-ed`: after `I`, the user's own work ("which I
    /// removed", "warnings I cleaned up").
    static let edMarker = 11
    /// Marks `took` among the words of keeping: "took it" is no success ("took it apart").
    static let tookMarker = 1
    /// Marks a plural follow-up ("the follow-ups"), as against one ("the follow-up made it worse").
    static let pluralMarker = 1
    /// Marks `retry`, which after `the` is mostly a thing ("the retry logic").
    static let retryNounMarker = 2
    /// Marks `back and forth`: rounds of it are the exchanges, not follow-ups after them.
    static let exchangeMarker = 3
    /// Marks `those` and `these`: after `rewrote`, a part ("Rewrote those.").
    static let demonstrativeMarker = 9
    /// Marks `would`: "would not prompt again", "wouldn't recommend" is a verdict of failure.
    static let wouldMarker = 7
    /// Marks `again` and `recommend` (see `wouldMarker`).
    static let againMarker = 8

    /// Whether a follow-up (`nudge`, `rephrase`, `pasted`, `feed`) stands up to four words before `i`
    /// in its clause: "had to nudge it twice" counts the nudges, after the first prompt ("had to ask
    /// twice" counts the prompts).
    static func followUpBefore(_ t: [Token], _ i: Int, _ start: Int) -> Bool {
        var k = i - 1
        while k >= start && i - k <= 5 {
            switch t[k].lex {
            case .clauseBreak where t[k].value == 40: k -= 1  // "reminded it (twice)"
            case .clauseBreak, .sentenceEnd: return false
            case .intervention, .retried, .stepIn, .tell: return true
            case .success where k > start && t[k - 1].lex == .to && t[k].value == correctMarker:
                return true  // "had to correct it twice": corrections after the first prompt
            default: k -= 1
            }
        }
        return false
    }

    /// Whether the first sentence is an opening `plog outcome` writes.
    static func opensWithOutcomeLabel(_ t: [Token]) -> Bool {
        isOutcomeLabel(t, (0, t.firstIndex { $0.lex == .sentenceEnd } ?? t.count))
    }

    /// Whether a bullet that opens with `Worked first try.` goes on with a note that says failure
    /// or takes it back (`Worked first try. Didn't work.`, `... Actually no, it didn't.`, `...
    /// NOT`): which of the two holds is not for the rules to say. (After `Worked after N turns.`,
    /// a failure is mostly of the turns before: "The first two were way off".)
    static func noteTakesBackSuccess(_ t: [Token]) -> Bool {
        // A count of more than one in brackets after it ("Worked first try (after 3 attempts).")
        // contradicts it too.
        if t.count > 4, t[3].lex == .clauseBreak, t[3].value == 40, isOutcomeLabel(t, (0, 3)) {
            var note = Array(t[4..<(t[4...].firstIndex { $0.lex == .clauseBreak && $0.value == 41 } ?? t.count)])
            var s = Signals()
            scan(&note, 0, note.count, into: &s)
            if s.turns != nil { return true }
        }
        // ("Worked first try / had to redo everything.": a slash parts the two like a full stop.)
        guard t.count > 4, t[3].lex == .sentenceEnd || t[3].lex == .clauseBreak && t[3].value == 47,  // `/`
              isOutcomeLabel(t, (0, 3)) else { return false }
        var note = Array(t[4...])
        if retracted(note, from: 0) { return true }
        // A sentence that says failure, or the user's own work instead, and no success, even as
        // a question ("Also didn't work at all? Need to recheck."). (Not the user's work alone:
        // "Took some edits by hand." finishes what worked.)
        for range in sentences(note) {
            let s = signals(&note, range)
            if s.miss != nil || s.instead, s.success == nil, s.hit == nil { return true }
            // "had to redo it", "I redid it": the user did it again, which first try denies
            if (range.0 + 1..<range.1).contains(where: { k in
                note[k].lex == .wrote && note[k].value == redoMarker
                    && (note[k - 1].lex == .pronoun || k >= 2 && note[k - 1].lex == .to && note[k - 2].lex == .had) }) { return true }
        }
        return label(&note)?.verdict == .miss
    }

    /// Whether the sentence is an opening `plog outcome` writes (`Worked first try`, `Partly
    /// worked`, `Worked after N turns`): a label, whatever note follows it.
    static func isOutcomeLabel(_ t: [Token], _ range: (Int, Int)) -> Bool {
        // ("Worked first try!! (it did not)": the user's own words, not the label.)
        guard range.0 == 0, range.1 == t.count || t[range.1].lex != .sentenceEnd || t[range.1].value == 0 else { return false }
        switch range.1 {
        case 2: return t[0].lex == .partialWord && t[0].value == partlyMarker && t[1].lex == .success
        case 3: return t[0].lex == .success && t[1].lex == .ordinal && t[1].value == 1 && t[2].lex == .turnNoun
        case 4: return t[0].lex == .success && t[1].lex == .after && t[2].lex == .number && t[3].lex == .turnNoun
        default: return false
        }
    }

    /// The sentences of `t` from `start`, as ranges without their ends (`.`, `!`, `?`); empty ones
    /// left out.
    static func sentences(_ t: [Token], from start: Int = 0) -> [(Int, Int)] {
        var ranges: [(Int, Int)] = []
        var begin = start
        for i in start..<t.count where t[i].lex == .sentenceEnd {
            if i > begin { ranges.append((begin, i)) }
            begin = i + 1
        }
        if begin < t.count { ranges.append((begin, t.count)) }
        return ranges
    }

    /// The first count a sentence of `ranges` states, among those `accept` allows ("Worked.
    /// Eventually. After 7 prompts.": 7).
    static func firstCount(_ t: inout [Token], in ranges: some Sequence<(Int, Int)>, where accept: (Signals) -> Bool) -> Int? {
        for range in ranges {
            let s = signals(&t, range)
            if let n = s.turns, accept(s) { return n }
        }
        return nil
    }

    /// A note written as a log of its attempts, each named and then judged ("attempt 1: wrong.
    /// attempt 2: right.", "1st try: wrong; 2nd try: right", "Prompt 1: garbage. Prompt 2: gave
    /// up."): failures, then a success at the last, is a partial success after that many turns;
    /// failures alone are a miss after them. `nil` when the note is not such a log, or its
    /// attempts say anything else (a success before a failure, praise and fault at once).
    static func attemptLog(_ t: inout [Token]) -> Classification? {
        // The attempt a label at `i` names: `attempt 2`, `2nd try`, and the separator after it.
        func attempt(at i: Int) -> Int? {
            guard i + 2 < t.count, t[i + 2].lex == .clauseBreak else { return nil }
            if t[i].lex == .turnNoun, t[i + 1].lex == .number { return t[i + 1].value }
            if t[i].lex == .ordinal, t[i + 1].lex == .turnNoun { return t[i].value }
            return nil
        }
        var attempts: [(n: Int, body: (Int, Int))] = []
        var i = 0
        while i < t.count {
            guard let n = attempt(at: i), n >= 1, n > (attempts.last?.n ?? 0) else { return nil }
            var end = i + 3
            while end < t.count, !([.sentenceEnd, .clauseBreak].contains(t[end].lex) && (end + 1 == t.count || attempt(at: end + 1) != nil)) {
                end += 1
            }
            attempts.append((n, (i + 3, end)))
            i = end + 1
        }
        guard attempts.count >= 2 else { return nil }
        var failedBefore = true
        for (k, a) in attempts.enumerated() {
            guard a.body.0 < a.body.1 else { return nil }
            let s = signals(&t, a.body)
            let succeeded = (s.success != nil || s.hit != nil) && s.miss == nil && s.doubt == nil && !s.partial
            let failed = s.miss != nil && s.success == nil && s.hit == nil && s.doubt == nil
            if k == attempts.count - 1 {
                if failedBefore && succeeded { return .partial(a.n) }
                if failedBefore && failed { return .miss(a.n) }
                return nil
            }
            failedBefore = failedBefore && failed
        }
        return nil
    }

    /// The signals of the sentence `range` of `t`.
    static func signals(_ t: inout [Token], _ range: (Int, Int)) -> Signals {
        var s = Signals()
        scan(&t, range.0, range.1, into: &s)
        return s
    }

    /// Whether the first clause says success on the first try, undenied (`Worked first try`, `Right
    /// on the first try`, `Correct first time`, `clean first attempt`).
    static func opensWithFirstTry(_ t: [Token]) -> Bool {
        let end = t.firstIndex { $0.lex == .clauseBreak || $0.lex == .sentenceEnd } ?? t.count
        guard let k = (0..<end).first(where: { t[$0].lex == .ordinal && t[$0].value == 1 }), k + 1 < end,
              [.turnNoun, .pass, .go].contains(t[k + 1].lex) else { return false }
        let before = t[..<k]
        return before.contains { [.success, .hitQuality, .hitWord, .right].contains($0.lex) }
            && !before.contains { [.negation, .no, .doubt, .hedge, .seeming].contains($0.lex) }
    }

    /// Whether the writer left the outcome open on purpose, or may mean the opposite of the words:
    /// doubt, a question, sarcasm or a shrug anywhere in the bullet.
    static func leftOpen(_ t: [Token]) -> Bool {
        t.contains { [.sarcasm, .shrug, .doubt].contains($0.lex) || $0.lex == .sentenceEnd && $0.value == 63 }
    }

    /// Whether the bullet says failure (`wrong API`, `the tests weren't`, `skipped the edge cases`)
    /// and praises nothing: no success, hit, success only claimed (`looked right`), praise of a
    /// part (`Right idea`), nor a word of partial success (`ok`, `mostly`, `good enough`, `the
    /// gist`). Then what else it says (`tests red after its changes`, `had to restore from
    /// backup`) does not make it a partial success, and step 11 leaves it open.
    static func failureWithoutPraise(_ t: inout [Token]) -> Bool {
        var praised = false, failed = false
        for range in sentences(t) {
            let s = signals(&t, range)
            if s.success != nil || s.hit != nil || s.partPraised || s.claimed { praised = true }
            if s.miss != nil || s.partDenied || s.partFailed || s.shortfall || s.problem { failed = true }
        }
        if t.contains(where: { [.ok, .partialWord, .hitWord, .hitQuality].contains($0.lex) }) { praised = true }
        return failed && !praised
    }

    /// Whether a failure word stands alone in its clause (`Good but wrong.`, `Fine. Broken.`): it
    /// fails the whole answer, not a part of it (`wrong API`), so beside praise the writer
    /// contradicts themself, and step 11 leaves it open.
    static func failureStandsAlone(_ t: [Token]) -> Bool {
        func isBreak(_ k: Int) -> Bool { k < 0 || k >= t.count || t[k].lex == .clauseBreak || t[k].lex == .sentenceEnd }
        return t.indices.contains { t[$0].lex == .missWord && isBreak($0 - 1) && isBreak($0 + 1) }
    }

    /// Whether no sentence of the bullet gives the rules a signal: no verdict, count, doubt,
    /// question, sarcasm or shrug. Text the rules leave open for a reason (a conflict, doubt, a
    /// question) is not "nothing".
    static func saysNothing(_ t: inout [Token]) -> Bool {
        if leftOpen(t) { return false }
        return !sentences(t).contains { range in
            let s = signals(&t, range)
            return s.any || s.sarcasm || s.shrug || s.partPraised || s.shortfall || s.restricted || s.caveat
                || s.problem || s.wrote || s.litotes || s.partDenied || s.hedged || s.effort
        }
    }

    /// Whether praise alone makes the last sentence, after sentences that say a fault and nothing
    /// good ("Fabricated a CLI flag. Lovely.", "Wow, thanks for deleting half my tests. Really
    /// helpful.", "It just made stuff up. Classic."): sarcasm, a miss. Praise opening the first
    /// sentence ("Bravo, it renamed every variable to `data`. Wonderful.") is the same joke told twice.
    static func closingPraiseAfterFault(_ t: inout [Token]) -> Bool {
        // (A sentence of 🙃 or 🙄 alone after the praise only underlines it: "Brilliant. 🙃")
        var sentences = Self.sentences(t)
        while let last = sentences.last, t[last.0..<last.1].allSatisfy({ $0.lex == .sarcasm }) { sentences.removeLast() }
        guard sentences.count >= 2, let last = sentences.last, last.1 - last.0 <= 3 else { return false }
        var praised = false
        for k in last.0..<last.1 {
            switch t[k].lex {
            case .success where t[k].value == 0 || t[k].value == helpMarker, .hitQuality:
                praised = true
            case .other where t[k].value == closingPraiseMarker || t[k].value == thanksMarker:
                praised = true
            case .other where t[k].value == 0 || t[k].value == justMarker || t[k].value == soMarker, .clauseBreak, .it:
                continue  // "Really helpful.", "Love it.", "Nice job."
            default:
                return false
            }
        }
        guard praised else { return false }
        var faulted = false
        let k = praiseOpening(t)
        for (n, range) in sentences.dropLast().enumerated() {
            var from = range.0
            if n == 0, k + 1 < range.1, t[k].lex == .success || t[k].lex == .hitQuality, t[k + 1].lex == .clauseBreak {
                from = k + 2
            }
            guard from < range.1 else { continue }
            let s = signals(&t, (from, range.1))
            if s.success != nil || s.hit != nil || s.turns != nil || s.moreTurns || s.doubt != nil || s.eventually
                || s.tookOver || s.restricted || s.claimed || s.partial && s.miss == nil {
                return false
            }
            if s.miss != nil || s.missSaid || s.problem { faulted = true }
        }
        return faulted
    }

    /// Whether the bullet ends with a slow clap (👏): beside praise, sarcasm.
    static func endsWithClap(_ t: [Token]) -> Bool {
        t.last.map { $0.lex == .other && $0.value == clapMarker } ?? false
    }

    /// Whether a retraction stands at or after `from`: `in its head`, or a negation on its own
    /// (`looked right, wasn't.`, `worked first try... NOT.`): what came before did not happen.
    static func retracted(_ t: [Token], from: Int) -> Bool {
        var k = from
        while k < t.count {
            if t[k].lex == .retract { return true }
            // ("Perfect!! (narrator: it was not perfect)": the praise said again, denied.)
            let next = k + 1 < t.count && t[k].lex == .negation && t[k + 1].lex == .hitQuality
                && t[..<k].contains(where: { $0.lex == .hitQuality }) ? k + 2 : k + 1
            let alone = next == t.count || t[next].lex == .clauseBreak || t[next].lex == .sentenceEnd
            // ("no retries, no nudges, nothing.": a list of what was not needed.)
            // ("Right first time. Changed nothing.": no change made, see `changedMarker`.)
            let unchanged = k > 0 && t[k - 1].lex == .other && t[k - 1].value == changedMarker
            // ("Tres intentos y nada.", "Tried four times and nothing.": nothing came of the tries.)
            if t[k].lex == .negation, t[k].value == quantifierMarker, alone, k >= 2, t[k - 1].lex == .other,
               t[k - 1].value == andMarker, t[k - 2].lex == .turnNoun { return true }
            if t[k].lex == .negation, alone, !unchanged, !namedPartBefore(t, k, 0),
               !(t[k].value == quantifierMarker && t[..<k].contains(where: { $0.lex == .no })) {  // ("the rollback didn't": a part)
                // Up to three words before it ("wasn't", "it was not", "the CI didn't"), after a
                // break or the start.
                var b = k - 1
                // ("perfect!! (no it wasn't)": `no` before it, too.)
                while b >= 0, k - b <= 3, [.other, .it, .pronoun, .the, .failsDenied, .verify, .no].contains(t[b].lex) { b -= 1 }
                // ("Nailed it on the first reply, which, frankly, I could not.": the user's, no retraction.)
                // ("Honestly expected to need a follow-up but didn't.": the need foreseen did not come.)
                let foreseen = b >= 2 && t[b].lex == .clauseBreak
                    && ((0..<(b - 2)).contains { t[$0].lex == .wanted && t[$0 + 1].lex == .to && t[$0 + 2].lex == .need }
                        || (0..<b).contains { foresaw(t, $0) })
                if b < 0 || t[b].lex == .clauseBreak || t[b].lex == .sentenceEnd || t[b].lex == .except,  // "worked, except it didn't"
                   !t[(b + 1)..<k].contains(where: { $0.lex == .pronoun }), !foreseen {
                    return true
                }
            }
            // "first try, no": `no` on its own after a break, maybe after one word ("Actually no, it
            // was the old build").
            // ("Worked. I expected to have to argue with it but no.": what the writer expected, denied.)
            let sentence = (t[..<k].lastIndex { $0.lex == .sentenceEnd } ?? -1) + 1
            let expected = t[sentence..<k].contains { $0.value == expectMarker && [.wanted, .other, .remark].contains($0.lex) }
            if t[k].lex == .no, alone, k > 0, !expected, t[k - 1].lex == .clauseBreak || t[k - 1].lex == .sentenceEnd
                || t[k - 1].lex == .other && (k == 1 || t[k - 2].lex == .sentenceEnd) { return true }
            k += 1
        }
        return false
    }

    /// Whether an exception denies the success outright (`worked, except it didn't`, `Worked
    /// great, except it didn't work.`): the writer contradicts themself, so it is open.
    static func deniedByException(_ t: [Token]) -> Bool {
        for (k, l) in t.enumerated() where l.lex == .except {
            var j = k + 1
            while j < t.count, j - k <= 3, [.other, .it, .pronoun, .the, .failsDenied].contains(t[j].lex) { j += 1 }
            guard j < t.count, t[j].lex == .negation else { continue }
            j += 1
            if j < t.count, t[j].lex == .negation, t[j].value == neMarker { j += 1 }  // "sauf que rien ne marche"
            if j < t.count, t[j].lex == .success { j += 1 }
            if j + 1 < t.count, t[j].lex == .at, t[j + 1].lex == .other, t[j + 1].value == allMarker { j += 2 }
            // ("It worked perfectly, except it didn't do anything I asked.": nothing asked for was done.)
            if j + 3 < t.count, t[j].lex == .failsDenied, [.other, .what].contains(t[j + 1].lex), t[j + 2].lex == .pronoun,
               t[j + 3].lex == .wanted { j += 4 }
            if j == t.count || t[j].lex == .clauseBreak || t[j].lex == .sentenceEnd { return true }
        }
        return false
    }

    /// Whether a success that a later word undoes is open rather than failed: an exception denies
    /// it outright, or doubt stands anywhere in the bullet (`Right. Wrong. Right again? Who
    /// knows.`, `Perfect! Well, no. Depends how you count.`; not an estimate, `took maybe 10
    /// minutes`).
    static func selfContradicted(_ t: [Token]) -> Bool {
        deniedByException(t) || t.indices.contains { k in
            t[k].lex == .doubt && !(k + 1 < t.count && t[k + 1].lex == .number)
                || t[k].lex == .sentenceEnd && t[k].value == 63  // "Works great! Also, it doesn't. Ship it?"
                || t[k].lex == .tell && k > 0 && t[k - 1].lex == .negation  // "I don't know anymore."
                // "Worked great — wait, no, that was the old binary. Need to retest."
                || t[k].lex == .need && k + 2 < t.count && t[k + 1].lex == .to && t[k + 2].lex == .verify
                // "It was fine but also it wasn't.", "It works, unless it doesn't": both at once
                || t[k].lex == .negation && t[k].value != quantifierMarker && (k + 1 == t.count || [.clauseBreak, .sentenceEnd].contains(t[k + 1].lex))
                    && (max(0, k - 3)..<k).contains { t[$0].lex == .other && (t[$0].value == alsoMarker || t[$0].value == unlessMarker)
                        || t[$0].lex == .clauseBreak && t[$0].value == thenMarker && $0 > 0 }
        }
    }

    /// Praise standing alone at the start, then what the answer did told without a word of
    /// judgement (`brilliant, it rewrote the test to assert true.`): the praise is a reaction that
    /// may be sincere or not, and nothing else in the sentence says which.
    static func praiseBesideDeed(_ t: inout [Token]) -> Bool {
        let k = praiseOpening(t)
        guard k + 3 < t.count, t[k].lex == .success || t[k].lex == .hitQuality,
              t[k + 1].lex == .clauseBreak && t[k + 1].value != contrastMarker
                || t[k + 1].lex == .sentenceEnd && t[k + 1].value != 63,
              t[k + 2].lex == .it, [.other, .wrote, .stepIn].contains(t[k + 3].lex)
        else { return false }
        // (What it did it for is no verdict: "Oh great, it rewrote my entire file to fix one typo.")
        let end = t[(k + 2)...].firstIndex { $0.lex == .sentenceEnd || $0.lex == .to } ?? t.count
        var s = Signals()
        scan(&t, k + 2, end, into: &s)
        // ("Perfect!!! (it wasn't)" tells no deed: it takes the praise back.)
        return !s.any && !s.shortfall && !s.partPraised && !retracted(t, from: k + 2)
    }

    /// Where praise at the start of a bullet would stand: after an interjection ("oh", "wow"), and
    /// after a word that follows it ("wow, so helpful", "Wow. So helpful.").
    static func praiseOpening(_ t: [Token]) -> Int {
        guard !t.isEmpty, t[0].lex == .other else { return 0 }
        if t.count > 2, t[2].lex == .other,
           t[1].lex == .clauseBreak && t[1].value != contrastMarker || t[1].lex == .sentenceEnd && t[1].value != 63 {
            return 3
        }
        return 1
    }

    /// Praise standing alone at the start ("Oh great, it broke the build", "Perfect. Tests are
    /// red, reverted.") when the rest says failure in its own words and nothing good: sarcasm, a
    /// miss. Praise followed by `but` ("Great, but it broke the build") is left to the other rules.
    static func sarcasticPraise(_ t: inout [Token]) -> Bool {
        let k = praiseOpening(t)
        // ("UI works, the backend didn't work.": a plain word before `works` names what worked.)
        if k == 1, t[0].value == 0, t.count > 2, t[1].lex == .success, t[2].lex == .clauseBreak { return false }
        guard k < t.count, t[k].lex == .success || t[k].lex == .hitQuality, k + 1 < t.count,
              t[k + 1].lex == .clauseBreak && t[k + 1].value != contrastMarker || t[k + 1].lex == .sentenceEnd,
              t[k + 1].value != 63, k + 2 < t.count, t[k + 2].lex != .clauseBreak
        else { return false }
        var failureSaid = false
        for range in sentences(t, from: k + 2) {
            let s = signals(&t, range)
            // ("brilliant, it invented a whole new library for me. 10/10 would hallucinate again": the
            // failure joked about is one more.)
            if s.sarcasm && s.miss != nil { failureSaid = true; continue }
            // ("Code's fine, explanation was confidently wrong.": the failure of a remark, not the answer.)
            if s.miss != nil, !t[range.0..<range.1].contains(where: { $0.lex == .answerNoun }),
               (range.0..<range.1).contains(where: { k in
                   t[k].lex == .remark && (k + 1..<min(range.1, k + 4)).contains { t[$0].lex == .missWord } }) {
                return false
            }
            if s.success != nil || s.hit != nil || s.partial || s.turns != nil || s.moreTurns || s.doubt != nil
                || s.eventually || s.tookOver || s.restricted {
                return false
            }
            // ("Great, now I have two bugs"; a success denied of something named: "Oh good, a 400-line
            // answer that doesn't compile.", not "Good. Not great." nor "Success! Nothing works.")
            if s.missSaid || s.problem
                || s.miss != nil && t[range.0..<range.1].contains(where: { [.other, .it, .answerNoun].contains($0.lex) }) {
                failureSaid = true
            }
        }
        return failureSaid
    }

    /// Whether success said alone in the first sentence is followed only by the user undoing it,
    /// with no failure named (`Worked great!! Reverted it.`, `Perfect! Reverted it an hour
    /// later.`): why it was undone is not said, so whether it worked is open. (`Perfect. Tests are
    /// red, reverted.` names one.)
    static func undoneWithoutReason(_ t: inout [Token]) -> Bool {
        guard let end = t.firstIndex(where: { $0.lex == .sentenceEnd }), end + 1 < t.count,
              t[(end + 1)...].contains(where: { $0.lex == .missWord && $0.value == revertedMarker }),
              !t[(end + 1)...].contains(where: { $0.lex == .missWord && $0.value != revertedMarker })
        else { return false }
        // ("Brilliant, it "fixed" the bug by removing the feature. Reverted.": the praise is not meant.)
        guard !t[..<end].contains(where: { $0.lex == .sarcasm }) else { return false }
        // ("Oh great, it rewrote my entire file to fix one typo. Reverted.": nor after an interjection, beside a deed.)
        if t[0].lex == .other, t[0].value == interjectionMarker, praiseBesideDeed(&t) { return false }
        let first = signals(&t, (0, end))
        guard first.success != nil || first.hit != nil, first.miss == nil, !first.partial, first.turns == nil,
              first.doubt == nil, !first.tookOver, !first.restricted else { return false }
        return !sentences(t, from: end + 1).contains { range in
            let s = signals(&t, range)
            return s.success != nil || s.hit != nil || s.partial || s.turns != nil || s.doubt != nil || s.tookOver || s.problem
        }
    }

    /// Whether the bullet is praise and a failure word and nothing else (`Perfect. Unusable.`,
    /// `Perfect — totally broken.`): with no deed told, neither sarcasm nor a verdict can be read.
    /// A count of two or more and nothing else (`3 turns.`, `(two tries)`, `x3`): how many turns,
    /// not how they ended, so no verdict (writers split: nine sets label `two tries` partial, nine
    /// writers `3 turns` unclassified). `Took 3 turns.` and `after 3 turns` say it got somewhere.
    static func countAlone(_ t: [Token]) -> Bool {
        // (Words after it that say nothing, "3 prompts. see diff.", leave it alone.)
        let end = t.firstIndex { $0.lex == .sentenceEnd } ?? t.count
        guard t[end...].allSatisfy({ $0.lex == .sentenceEnd || $0.lex == .other && $0.value == 0 }) else { return false }
        let counts = t[..<end]
        guard counts.first.map({ $0.value >= 2 }) ?? false else { return false }  // ("1 shot": a hit)
        return counts.map(\.lex) == [.number, .turnNoun] || counts.map(\.lex) == [.times]
    }

    /// A note to the user (`Reminder: the repo was on the wrong branch.`, `TODO: run it on prod
    /// data.`) or about the log (`timestamp wrong, this was actually Tuesday`): no outcome.
    /// A measure named at `k` in one or two words, then `to` or `from` and a measure (`p95 from
    /// 420ms`, `render time to 38ms`, `coverage from 80%`): after `dropped`, a number fell.
    /// `ran` a few words before position `i` in its clause ("ran it 50x", "ran the stress test 500
    /// times"): what follows counts runs of the code, not prompts.
    static func ranBefore(_ t: [Token], _ i: Int, _ start: Int) -> Bool {
        var k = i - 1
        while k >= max(start, i - 4), t[k].lex != .clauseBreak, t[k].lex != .sentenceEnd {
            // (Not "ran out of patience after 6 prompts".)
            if t[k].lex == .failsDenied && t[k].value == ranMarker { return k + 1 < i && t[k + 1].lex != .out && t[k + 1].lex != .missWord }
            k -= 1
        }
        return false
    }

    static func measureFell(_ t: [Token], _ k: Int, _ end: Int) -> Bool {
        // (One or two words name it: "render time to 38ms".)
        var m = k
        while m < min(end, k + 2), [.other, .failsDenied, .turnNoun, .beginning].contains(t[m].lex), t[m].value != fromMarker { m += 1 }
        guard m > k, m + 1 < end, t[m].lex == .to || t[m].lex == .other && t[m].value == fromMarker else { return false }
        return t[m + 1].lex == .caveat && t[m + 1].value == percentMarker || t[m + 1].lex == .other && t[m + 1].value == measureMarker
    }

    static func noteAboutTheLog(_ t: [Token]) -> Bool {
        func note(_ k: Int) -> Bool { (t[k].lex == .other || t[k].lex == .intervention) && t[k].value == noteMarker }
        if t.count >= 2, note(0), t[1].lex == .clauseBreak, t[1].value == 58 { return true }  // "Reminder:", "TODO:"
        // "Note to self: try this again once the monorepo migration is done.": a to-do, not the outcome.
        if t.count >= 4, t[0].lex == .other, t[0].value == noteLabelMarker, t[1].lex == .to, t[2].lex == .other,
           t[3].lex == .clauseBreak, t[3].value == 58 {
            return true
        }
        // "Note: model name above is wrong", "Note: this entry is a duplicate.": about the log.
        if t.count >= 2, t[0].lex == .other, t[0].value == noteLabelMarker, t[1].lex == .clauseBreak, t[1].value == 58,
           t.contains(where: { $0.lex == .other && ($0.value == logReferenceMarker || $0.value == logEntryMarker) }) {
            return true
        }
        // "Wrong model name in the header, it was actually gpt-4o.", "Wrong log entry, ignore.": about the log.
        // "Wrong model selected by accident (meant to use the bigger one) — rerunning.": the user's mishap.
        let first = t.firstIndex { $0.lex == .sentenceEnd } ?? t.count
        if t.count >= 2, t[0].lex == .missWord, t[1].lex == .other, t[..<min(first, 6)].contains(where: { $0.lex == .other && $0.value == logEntryMarker })
            || (2..<max(2, min(first, 6))).contains(where: { t[$0].lex == .other && t[$0].value == accidentMarker && t[$0 - 1].lex == .other && t[$0 - 1].value == byMarker }) {
            return true
        }
        // "Idea: ask it to generate the tests first next time.": a note for later.
        if t.count >= 2, t[0].value == ideaMarker, t[1].lex == .clauseBreak, t[1].value == 58 { return true }
        // "This prompt was for a demo, not real work.": about the prompt.
        if t.count >= 4, t[0].lex == .other, t[1].lex == .turnNoun, t[1].value == promptMarker, t[2].lex == .other,
           t[2].value == copulaMarker, t[3].lex == .other, t[3].value == scopeMarker {
            return true
        }
        // "Tried it on the wrong branch, so the result doesn't count.": the writer sets the result
        // aside (not "if you don't count the crash", sarcasm).
        let last = t.last?.lex == .sentenceEnd ? t.count - 2 : t.count - 1
        if last >= 1, t[last].lex == .sarcasm, t[last].value == countMarker, t[last - 1].lex == .negation,
           !t[..<last].contains(where: { $0.lex == .hedge }) {
            return true
        }
        // "Abandoned the feature, so never evaluated the output.", "so never ran the code": not tried.
        // (Not "Didn't work, so never tested further": the failure is said.)
        if t.indices.contains(where: { $0 + 2 < t.count && t[$0].lex == .other && t[$0].value == soMarker
            && t[$0 + 1].lex == .negation && (t[$0 + 2].lex == .verify || t[$0 + 2].lex == .failsDenied && t[$0 + 2].value == ranMarker)
            && !t[..<$0].contains(where: { $0.lex == .negation }) }) {
            return true
        }
        // "Model timed out, never got a response; retry tomorrow.": no answer came.
        if t.indices.contains(where: { $0 + 3 < t.count && t[$0].lex == .negation && t[$0 + 1].lex == .got
            && t[$0 + 2].lex == .other && t[$0 + 2].value == articleMarker && t[$0 + 3].lex == .turnNoun && t[$0 + 3].value != chanceMarker }) {
            return true
        }
        // "Ran it, but the test env was broken, so I learned nothing.", "..., so this tells us nothing.": the same.
        if t.indices.contains(where: { k in k + 3 < t.count && t[k].lex == .other && t[k].value == soMarker
            && (t[k + 1].lex == .pronoun || t[k + 1].lex == .other) && t[k + 2].lex == .other && t[k + 2].value == learnedMarker
            && (t[k + 3].lex == .negation || k + 4 < t.count && [.pronoun, .other].contains(t[k + 3].lex) && t[k + 4].lex == .negation) }) {
            return true
        }
        // "Abandoned the feature, so never found out.": whether it worked is not known (not "never
        // found out why", the cause).
        if t.indices.contains(where: { $0 + 2 < t.count && t[$0].lex == .negation && t[$0 + 1].lex == .other
            && t[$0 + 1].value == foundMarker && t[$0 + 2].lex == .out && ($0 + 3 == t.count || t[$0 + 3].lex != .why) }) {
            return true
        }
        // ("timestamp wrong", "The log timestamp is wrong here": the note opens with it.)
        return t.indices.prefix(3).contains { t[$0].lex == .other && note($0) }
            && !t.prefix(3).contains { [.success, .hitQuality, .hitWord].contains($0.lex) }
    }

    /// Whether `expected`, `assumed`, `feared` or `thought` at `k` opens what the writer foresaw:
    /// `it to`, `it would`, `this would` or `to have` follows (`Honestly expected it to choke`,
    /// `Thought this would take 5 tries`, `I expected to have to argue with it`).
    static func foresaw(_ t: [Token], _ k: Int) -> Bool {
        k + 2 < t.count && t[k].value == expectMarker && [.wanted, .other, .remark].contains(t[k].lex)
            && ((t[k + 1].lex == .it || t[k + 1].lex == .other && t[k + 1].value == 0)
                && (t[k + 2].lex == .to || t[k + 2].lex == .hedge || t[k + 2].lex == .other && t[k + 2].value == wouldMarker)
                || t[k + 1].lex == .to && t[k + 2].lex == .had)
    }

    /// Whether the bullet opens with the turns it took (`Took 3 rounds;`, `Took two tries.`) and
    /// then tells only of faults, which writers mean as the earlier tries' (all 551 labelled
    /// bullets that open so are partial to their writers): not when it says the fault stayed
    /// (`still`), that nothing worked, that the user gave up, threw it away or wrote it, or labels a
    /// failure.
    static func tookTurnsOpening(_ t: [Token]) -> Bool {
        guard t.count > 4, t[0].lex == .kept, t[0].value == tookMarker, [.number, .vague].contains(t[1].lex),
              t[2].lex == .turnNoun, [.clauseBreak, .sentenceEnd].contains(t[3].lex) else { return false }
        return !t[4...].indices.contains { k in
            [.still, .give, .labelFailed, .labelMiss, .nope, .myself, .wrote, .symbolMiss, .same].contains(t[k].lex)
                || t[k].lex == .missWord && t[k].value == abandonMarker
                || t[k].lex == .negation && k + 1 < t.count && [.success, .hitWord, .hitQuality].contains(t[k + 1].lex)
                || t[k].lex == .negation && t[k].value == quantifierMarker
        }
    }

    /// Whether the answer timed out and the bullet says nothing else but a retry to come or not
    /// made (`Timed out — will retry tomorrow.`, `Timed out mid-answer, didn't retry.`): no answer
    /// came, so there is no outcome (not `timed out every time`, nor beside any other failure).
    static func timedOutBeforeRetry(_ t: [Token]) -> Bool {
        guard t.contains(where: { $0.lex == .missWord && $0.value == timedOutMarker }),
              !t.contains(where: { [.success, .hitWord, .hitQuality, .partialWord, .labelFailed, .labelMiss, .nope, .give, .symbolMiss,
                                    .times, .single, .twice, .thrice].contains($0.lex)
                  || $0.lex == .missWord && $0.value != timedOutMarker })
        else { return false }
        return t.indices.contains { k in
            t[k].value == laterMarker && [.other, .doubt].contains(t[k].lex)
                || k + 1 < t.count && [.hedge, .negation].contains(t[k].lex) && [.intervention, .retried].contains(t[k + 1].lex)
        }
    }

    static func bareContradiction(_ t: [Token]) -> Bool {
        let words = t.filter { $0.lex != .clauseBreak && $0.lex != .sentenceEnd }
        // (Building is no success: "Compiles but crashes" is a miss.)
        guard words.count <= 3, words.first.map({ $0.lex == .success && $0.value != weakMarker || $0.lex == .hitQuality }) == true,
              words.last?.lex == .missWord else { return false }
        return words.count == 2 || words[1].lex == .quite
    }

    /// Whether the last of two or more sentences is the answer thrown away and nothing else:
    /// `Reverted.`, `Binned it.`, `Scrapped the whole thing.`, `Gave up.`, or done anew by the
    /// user: `Did it myself.`, `Wrote it by hand.`, `Wrote my own.`
    static func endsAbandoned(_ t: [Token]) -> Bool {
        var end = t.count
        while end > 0, t[end - 1].lex == .sentenceEnd { end -= 1 }
        guard let stop = t[..<end].lastIndex(where: { $0.lex == .sentenceEnd }), stop > 0 else { return false }
        let last = Array(t[(stop + 1)..<end])
        guard let first = last.first else { return false }
        if first.lex == .wrote || first.lex == .other && first.value == didMarker,
           last.count == 2 || last.count == 3 && last[1].lex == .it, last.last!.lex == .myself {
            return true
        }
        let rest: ArraySlice<Token>
        if first.lex == .missWord, [abandonMarker, droppedMarker, revertedMarker].contains(first.value) {
            rest = last.dropFirst()
        } else if first.lex == .give, last.count > 1, last[1].lex == .up {
            rest = last.dropFirst(2)
        } else {
            return false
        }
        return rest.isEmpty || rest.count == 1 && rest.first!.lex == .it
            || rest.count == 3 && rest.first!.lex == .the && rest.dropFirst().first!.lex == .whole
    }

    /// Whether a `finally` in the sentence `range` says time passed: beside a success word, or
    /// alone ("Worked. Finally.", "Finally got it working."). Away from one ("Worked! Rust borrow
    /// checker finally happy.") it is relief.
    static func saysTimePassed(_ t: [Token], _ range: (Int, Int)) -> Bool {
        let successWords: [Lex] = [.success, .got, .hitWord]
        return (range.0..<range.1).contains { k in
            guard t[k].lex == .eventually else { return false }
            guard k + 1 < range.1 else { return true }
            let next = t[k + 1].lex
            return successWords.contains(next) || next == .clauseBreak || next == .sentenceEnd
                || k == range.0 && next != .other && next != .pronoun
                || k > range.0 && successWords.contains(t[k - 1].lex)
        }
    }

    /// Rules 3 to 7, then a last sentence that only throws the answer away ("The test it wrote
    /// passes, the feature doesn't work. Binned it.", "... Gave up."): a miss, after whatever came
    /// before but a hit (a success undone with no reason given is open).
    static func read(_ tokens: inout [Token]) -> Classification {
        let verdict = readSentences(&tokens)
        // ("Took two rounds; the first kept adding useless comments.": the faults told were the
        // earlier tries', and the last one did it.)
        if verdict.verdict == .miss, let n = verdict.turns, n >= 2, tookTurnsOpening(tokens) { return .partial(n) }
        // (Not after an opening `plog outcome` writes, which is the verdict: "Partly worked. gave up".)
        guard verdict.verdict != .hit, endsAbandoned(tokens), !opensWithOutcomeLabel(tokens), !undoneWithoutReason(&tokens)
        else { return verdict }
        return .miss(verdict.turns)
    }

    /// Rule 3 and 4: the first sentence with a signal decides.
    static func readSentences(_ tokens: inout [Token]) -> Classification {
        // `Mixed:`, `Mixed bag —` then what was good and what was not: praise alone after it is a
        // part ("Mixed bag: great tests, mediocre implementation."); doubt stays open.
        if tokens.count > 3, tokens[0].lex == .other, tokens[0].value == mixedMarker {
            // ("Mixed bag. Solved the deadlock but the fix halved throughput.": a sentence of its own, too.)
            let label = tokens[1].lex == .clauseBreak ? 1
                : tokens[1].lex == .other && (tokens[2].lex == .clauseBreak || tokens[2].lex == .sentenceEnd) ? 2 : 0
            if label > 0, tokens[label].value == 58 || tokens[label].value == 45
                || tokens[label].lex == .sentenceEnd && tokens[label].value != 63 {
                var rest = Array(tokens[(label + 1)...])
                let verdict = read(&rest)
                // ("Mixed: fast, but the output leaks file handles.": a failure after praise; "Mixed:
                // great at the schema, bad at the queries.": both; a part either way.)
                // ("Mixed bag: fast code, but it dropped all the logging.": what comes before `but` was the good.)
                let praised = rest.contains { [.success, .hitQuality, .hitWord, .ok].contains($0.lex) }
                    || rest.contains { $0.lex == .other && $0.value == comparativeMarker }
                    || (rest.firstIndex { $0.lex == .clauseBreak && $0.value == contrastMarker }).map { b in
                        b > 0 && rest[..<b].contains { $0.lex == .other } } == true
                switch verdict.verdict {
                case .hit: return .partial(nil)
                case .miss where praised: return .partial(verdict.turns)
                // (Not reports that disagree: "Mixed: Jenny says it works, QA says it doesn't.")
                case .unclassified where praised && !leftOpen(rest) && !rest.contains(where: { [.negation, .seeming].contains($0.lex) }):
                    return .partial(nil)
                default: return verdict
                }
            }
        }
        if undoneWithoutReason(&tokens) || bareContradiction(tokens) || countAlone(tokens) || noteAboutTheLog(tokens) {
            return .unclassified
        }
        // A question alone with a word in scare quotes (`Does "worked" count if I had to restart the
        // server?`): the writer asks how to label it, no sarcasm.
        if let last = tokens.last, last.lex == .sentenceEnd, last.value == 63, !tokens.dropLast().contains(where: { $0.lex == .sentenceEnd }),
           tokens.contains(where: { $0.lex == .sarcasm && $0.value == 0 }) {
            return .unclassified
        }
        // (The same, then a note with no verdict in it: "Does "worked" mean it compiled or that it was
        // correct? Need a convention for this log.")
        if let q = tokens.firstIndex(where: { $0.lex == .sentenceEnd }), tokens[q].value == 63,
           tokens[..<q].contains(where: { $0.lex == .sarcasm && $0.value == 0 }),
           !tokens[(q + 1)...].contains(where: { [.success, .hitQuality, .hitWord, .missWord, .labelFailed, .negation, .partialWord,
                                                   .sarcasm, .symbolHit, .symbolMiss].contains($0.lex) }) {
            return .unclassified
        }
        dropRue(&tokens)
        if let logged = attemptLog(&tokens) { return logged }
        if sarcasticPraise(&tokens) || closingPraiseAfterFault(&tokens) { return .miss }
        // (🙄, or 🙃 beside what the answer did: "super helpful, it told me to 'check the logs' 🙃".)
        let eyeRoll = tokens.contains { $0.lex == .sarcasm && $0.value == eyeRollMarker }
            || tokens.contains { $0.lex == .sarcasm && $0.value == ironyMarker } && tokens.contains { $0.lex == .it }
        if praiseBesideDeed(&tokens) {
            // ("Wow, so helpful, it told me to "check the documentation."", "Oh brilliant, it
            // "optimized" the query": praise after an interjection, beside a deed, is sarcasm.)
            let interjection = tokens[0].lex == .other && tokens[0].value == interjectionMarker
            return eyeRoll || endsWithClap(tokens) || interjection ? .miss : .unclassified
        }
        let sentences = Self.sentences(tokens)
        // A sarcasm cue anywhere (🙄, "/s", "oh sure", scare quotes) vetoes every success reading.
        let sarcastic = tokens.contains { $0.lex == .sarcasm && $0.value != countMarker }
        // What a sentence says once the praise the cue vetoes is taken out.
        func meant(_ s: Signals) -> Signals {
            guard sarcastic else { return s }
            var rest = s
            rest.success = nil; rest.hit = nil; rest.negatedHit = false; rest.claimed = false; rest.firstTry = false
            return rest
        }
        // Doubt in a sentence before the deciding one ("Great, I guess?? Or terrible.") leaves it open.
        var doubtBefore = false
        // Praise a sarcasm cue vetoed, in a sentence that said nothing else.
        var vetoedPraise = false
        // Something the answer left out, said in a sentence with no verdict ("Did the migration,
        // missed the down() method."): the user's own work after it finished the answer.
        var shortfallBefore = false
        // Praise of a part in a sentence with no verdict ("Nice structure, but every test was a
        // tautology."): the user redoing a part after it ("Rewrote those.") finished the answer.
        var partPraisedBefore = false
        // Time spent, said in a sentence with no verdict ("Spent an hour on it.").
        var effortBefore = false
        // "Close." alone: then the user's own fix finished it ("Close. Swapped the sort order myself.").
        var closeBefore = false
        var mehBefore = false
        // Questions asked both ways ("Worked? Didn't?"): the writer does not know.
        var askedSuccess = false, askedFailure = false

        for (k, range) in sentences.enumerated() {
            var s = Signals()
            // Surprise at a success ("it works?? first try?? who are you"): success said, nothing
            // against it, no doubt; read as said. Otherwise `??` asks as `?` does.
            if range.1 < tokens.count && tokens[range.1].value == surpriseMarker {
                let q = signals(&tokens, range)
                let denied = tokens[range.0..<range.1].contains(where: { $0.lex == .negation })
                // ("7 turns?!? but yes it works now": surprise at the count, which stands.)
                // ("2 turns?? or 3, don't remember": an alternative follows, so it asks.)
                let countOnly = q.turns != nil && q.success == nil && q.hit == nil && q.miss == nil && q.doubt == nil && !denied
                    && !(range.1 + 1 < tokens.count && tokens[range.1 + 1].lex == .or)
                if !countOnly && (!(q.success != nil || q.hit != nil) || q.miss != nil || q.doubt != nil || q.turns != nil || q.moreTurns
                    || range.1 - range.0 < 2 || denied) {
                    tokens[range.1].value = 63
                }
            }
            // "Kinda? It fixed the crash but broke the toggle.": the writer answers a question of their
            // own, in part; what follows says which part.
            if range.1 < tokens.count && tokens[range.1].value == 63, k + 1 < sentences.count,
               range.1 - range.0 == 1 && tokens[range.0].lex == .partialWord && tokens[range.0].value == degreeMarker
                || range.1 - range.0 == 2 && [.kind, .sort].contains(tokens[range.0].lex) && tokens[range.0 + 1].lex == .of {  // "Kind of?"
                tokens[range.1].value = 46
            }
            // "Kinda worked? Fixed the bug but broke the loading spinner.": the same, with what it asks
            // about; what follows denies nothing ("Kinda worked? Kinda didn't." stays open).
            if range.1 < tokens.count && tokens[range.1].value == 63, k == 0, k + 1 < sentences.count,
               range.1 - range.0 == 2 && tokens[range.0].lex == .partialWord && tokens[range.0].value == degreeMarker
                && tokens[range.0 + 1].lex == .success
                || range.1 - range.0 == 3 && [.kind, .sort].contains(tokens[range.0].lex) && tokens[range.0 + 1].lex == .of
                && tokens[range.0 + 2].lex == .success,  // ("Kind of worked? Fixed the warning but not the leak.")
               ![.negation, .no, .nope].contains(tokens[sentences[k + 1].0].lex),
               tokens[sentences[k + 1].1 - 1].lex != .negation,
               !tokens[sentences[k + 1].0..<sentences[k + 1].1].contains(where: { [.doubt, .hedge].contains($0.lex) }) {
                tokens[range.1].value = 46
            }
            // A question ("Works?", "Did it fail?") states nothing, but its doubt stands.
            if range.1 < tokens.count && tokens[range.1].value == 63 {
                scan(&tokens, range.0, range.1, into: &s)
                if s.doubt != nil { doubtBefore = true }
                if s.success != nil || s.hit != nil { askedSuccess = true }
                if s.miss != nil || s.success == nil && s.hit == nil
                    && tokens[range.0..<range.1].contains(where: { $0.lex == .negation || $0.lex == .no }) { askedFailure = true }
                if askedSuccess && askedFailure { doubtBefore = true }
                // "Kinda worked?": success the writer qualifies while asking, a part either way.
                if s.partial, s.success != nil, s.hit == nil, s.miss == nil, s.doubt == nil, s.turns == nil, !doubtBefore,
                   sentences.count == 1 {
                    return .partial(nil)
                }
                continue
            }
            // A sentence that is only "no" is a miss.
            // A sentence that is only "no", maybe after an interjection ("lol no", "Politely: no."), is a miss.
            if tokens[range.1 - 1].lex == .no, range.1 - range.0 <= 3,
               tokens[range.0..<(range.1 - 1)].allSatisfy({ $0.lex == .other || $0.lex == .clauseBreak || $0.lex == .sarcasm }) {
                // ("one shot? no. two shots.": the answer to a question, then the turns it took.)
                if askedSuccess, let n = firstCount(&tokens, in: sentences[(k + 1)...], where: { $0.miss == nil }), n >= 2 {
                    return .partial(n)
                }
                return .miss
            }
            scan(&tokens, range.0, range.1, into: &s)
            guard s.any else {
                // Time spent, then "Nothing." ("Spent an hour on it. Nothing."): nothing came of it.
                if effortBefore, range.1 - range.0 == 1, tokens[range.0].lex == .negation,
                   tokens[range.0].value == quantifierMarker { return .miss }
                if s.shortfall { shortfallBefore = true }
                if s.partPraised { partPraisedBefore = true }
                if s.effort { effortBefore = true }
                if tokens[range.1 - 1].lex == .close, range.1 - range.0 == 1 || range.1 - range.0 == 2 && tokens[range.0].lex == .other {
                    closeBefore = true  // "Close.", "so close."
                }
                if range.1 - range.0 == 1, tokens[range.0].lex == .caveat, tokens[range.0].value == mehMarker { mehBefore = true }  // "Eh.", "meh."
                continue
            }
            if doubtBefore { return .unclassified }
            // "Kinda worked? Kinda didn't.": success asked, then denied as partly: both at once.
            if askedSuccess, s.partial, s.success == nil, s.hit == nil, tokens[range.1 - 1].lex == .negation {
                return .unclassified
            }
            if sarcastic {
                s.sarcasm = true
                // Praise the cue vetoes says nothing: read on ("wow. so helpful. it deleted my migrations 🙃").
                if !meant(s).any { vetoedPraise = true; continue }
            }
            var verdict = decide(s)
            // ("Eh. It works but I don't love it": the shrug before is a qualified success.)
            if mehBefore, verdict.verdict == .hit { return .partial(nil) }
            // (After `Close.`, a failure said is how close it came: "Close. Off by a factor of 1000
            // because it assumed ms instead of µs; fixed it myself.")
            if shortfallBefore || partPraisedBefore && s.wrotePart || closeBefore, verdict == .miss, s.tookOver,
               closeBefore || !s.missSaid && s.miss == nil, !s.instead {
                return .partial(nil)
            }
            // ("so close. fixed one line.": after `Close.`, a fix is the user's, not a hit.)
            if closeBefore, verdict.verdict == .hit, s.hit == nil, s.success.map({ tokens[$0].value == fixedMarker }) ?? false {
                return .partial(nil)
            }
            let label = isOutcomeLabel(tokens, range)
            // Success retracted ("looked right, wasn't", "worked first try... NOT."): the
            // retraction is the final word, a miss.
            let undenied = s.partDenied ? decide({ var c = s; c.partDenied = false; return c }()) : verdict
            if !label, !s.partFailed, undenied.verdict == .hit || undenied.verdict == .partial || s.claimed && s.miss == nil,
               retracted(tokens, from: range.0) {
                // The denial names what it denies ("the migration worked, rollback didn't") and the
                // user then wrote that part ("wrote that bit myself"): the answer gave the rest.
                if s.partDenied, sentences[(k + 1)...].contains(where: { later in
                    let l = signals(&tokens, later)
                    return l.tookOver && l.miss == nil && !l.instead
                }) { return .partial(nil) }
                // "X, except it didn't", or doubt anywhere ("Perfect! Well, no. Depends how you
                // count."): the writer contradicts themself, and an honest reading is open.
                if selfContradicted(tokens) { return .unclassified }
                // ("Kept insisting the bug was in my config. It wasn't. Gave up after 6 prompts.")
                // ("Tried 6 times. Nothing.": the turns tried.)
                let turnsAlone = s.success == nil && s.hit == nil && !s.claimed ? s.turns : nil
                return .miss(turnsAlone ?? firstCount(&tokens, in: sentences[(k + 1)...]) { $0.success == nil && $0.hit == nil })
            }
            // Doubt in the deciding sentence leaves it open; a failure said before the doubt stands
            // ("didn't work, not sure why").
            if let d = s.doubt, !(verdict.verdict == .miss && (s.miss ?? d) < d) { return .unclassified }
            if s.shrug && verdict.verdict == .hit { return .unclassified }
            if s.contrastedDoubt != nil && verdict.verdict != .miss { return .unclassified }
            if s.claimed && verdict.verdict != .miss { verdict = .unclassified }
            if !label, verdict.verdict != .miss, deniedByException(tokens) {
                // ("It worked perfectly, except it didn't compile. 👏": the slow clap says which: sarcasm.)
                return endsWithClap(tokens) ? .miss : .unclassified
            }
            // Faint praise, then what it needed ("not bad!! needed small fixes but saved me an hour"): partial.
            if verdict.verdict == .unclassified, s.litotes, s.miss == nil, let next = sentences[(k + 1)...].first, {
                let l = signals(&tokens, next)
                return l.partial && l.miss == nil && l.doubt == nil
            }() {
                return .partial(nil)
            }
            // Successes and failures mixed, then the user giving up ("It went in circles — fixed A, broke
            // B, fixed B, broke A. Stopped after six prompts.", "Fixed the bug, broke two others. Gave
            // up."): the giving up is the final word.
            func givenUpAfterMixed() -> Classification? {
                guard !s.partial, s.miss != nil, s.success != nil, s.doubt == nil, !s.claimed, !s.tookOver, !s.eventually,
                      !label, let next = sentences[(k + 1)...].first,
                      tokens[next.0].lex == .other && tokens[next.0].value == stoppedMarker
                        || tokens[next.0].lex == .give && next.0 + 1 < next.1 && tokens[next.0 + 1].lex == .up
                else { return nil }
                let l = signals(&tokens, next)
                guard l.miss != nil, l.success == nil, l.hit == nil, !l.partial else { return nil }
                return .miss(l.turns ?? s.turns)
            }
            if verdict.verdict == .unclassified {
                if let givenUp = givenUpAfterMixed() { return givenUp }
                // A claim and nothing else ("It insisted on using a library we don't have."), then
                // failure alone in the next sentence ("Gave up."): the failure is the verdict.
                // ("Technically correct. Practically useless? Unsure.": a question states no failure.)
                if s.claimed, s.success == nil, s.hit == nil, s.miss == nil, !s.partial, s.turns == nil, !s.moreTurns,
                   let next = sentences[(k + 1)...].first, next.1 == tokens.count || tokens[next.1].value != 63 {
                    let l = signals(&tokens, next)
                    if l.miss != nil, l.success == nil, l.hit == nil, !l.partial, l.doubt == nil { return .miss(l.turns) }
                }
                // Praise of a part beside a failure, then the user's own fix in a later sentence
                // ("Right idea, wrong library version. Fixed manually."): the user patched it, partial.
                // So does success, then a failure of something else ("Correct logic, wrong language
                // version. Fixed by hand.").
                let successThenFailure = s.strongSuccess && (s.firstSuccess ?? .max) < (s.miss ?? 0)
                if s.partPraised && !s.praiseContrasted && s.success == nil || successThenFailure,
                   s.miss != nil, s.hit == nil, !s.tookOver,
                   let next = sentences[(k + 1)...].first, {
                       let l = signals(&tokens, next)
                       // ("nice structure, wrong math. fixed it.": `fixed` opening the sentence, the user's fix.)
                       let ownFix = tokens[next.0].lex == .success && tokens[next.0].value == fixedMarker && l.hit == nil
                       return (l.tookOver || ownFix) && l.miss == nil && !l.instead && !(l.wrote && !l.rest && !l.wrotePart)
                   }() {
                    return .partial(nil)
                }
                return verdict
            }
            if verdict.verdict == .partial, let givenUp = givenUpAfterMixed() { return givenUp }
            // "Reverted it. Not because it was wrong — product changed the spec.": the failure is denied.
            if verdict.verdict == .miss, let next = sentences[(k + 1)...].first, next.1 - next.0 >= 2,
               tokens[next.0].lex == .negation, tokens[next.0 + 1].lex == .because {
                return .unclassified
            }
            // Doubt in a later sentence ("Worked. Need to recheck on Linux.", "can't tell yet")
            // undoes a success; "not sure why" does not, nor what follows a label. Doubt that the
            // outcome is known yet ("No idea yet.", "Still unsure.") undoes a failure too.
            if !label {
                for later in sentences[(k + 1)...] {
                    // A later question ending `did it` ("Worked! (did it though?)", "Worked. Or did it?")
                    // doubts a success; "Did it pass CI? Yes." asks something else.
                    if later.1 < tokens.count, tokens[later.1].value == 63, verdict.verdict == .hit || verdict.verdict == .partial,
                       later.1 - later.0 >= 2, tokens[later.1 - 2].lex == .other, tokens[later.1 - 2].value == didMarker,
                       tokens[later.1 - 1].lex == .it {
                        return .unclassified
                    }
                    let l = signals(&tokens, later)
                    guard l.doubt != nil else { continue }
                    if verdict.verdict == .hit || verdict.verdict == .partial { return .unclassified }
                    if tokens[later.0..<later.1].contains(where: { $0.lex == .yet || $0.lex == .still }) { return .unclassified }
                }
            }
            // Turns and nothing else ("Tried twice.", "Took 6 prompts."), then failure alone in a
            // later sentence ("Both wrong. Wrote it by hand."): a miss after those turns.
            // ("OK on the 4th attempt. The first three all used the wrong endpoint.": the last one worked.)
            if verdict.verdict == .partial, s.turns != nil || s.moreTurns, s.success == nil, s.hit == nil,
               !s.partial, !s.eventually, !s.tookOver, s.miss == nil, !s.okSaid, !label {
                for later in sentences[(k + 1)...] {
                    // ("Tried 3 times. Each time it "fixed" the test. Gave up.": the praise is not meant.)
                    let l = meant(signals(&tokens, later))
                    guard l.any else { continue }
                    // ("Tried 4 times. Each answer compiled but returned the wrong totals.": building is no success.)
                    // ("Took 4 attempts in total. The first three kept inventing an option.": the tries before the
                    // last failed; what a later sentence says of the last decides.)
                    if l.firstFew { continue }
                    if (l.miss != nil || l.tookOver) && (l.success == nil || !l.strongSuccess && l.miss != nil) && l.hit == nil
                        && !l.partial && !l.eventually {
                        return .miss(s.turns ?? l.turns)  // ("Kept apologizing. Stopped after 4 prompts.")
                    }
                    break
                }
            }
            // A hit a later sentence contradicts ("worked perfectly, in the demo. prod is still
            // broken"): the failure is the final word. `Worked first try.`, as `plog outcome --hit`
            // writes it, is a label: what follows it is the user's note.
            if verdict.verdict == .hit && !label {
                for (j, later) in sentences[(k + 1)...].enumerated() {
                    let l = signals(&tokens, later)
                    // (After building alone, "Compiles! Does the wrong thing, but compiles.", the failure
                    // is the final word too.)
                    if l.miss != nil && (l.success == nil || !s.strongSuccess && !l.strongSuccess) && l.hit == nil && !l.partial {
                        // A failure word is the final word; success denied ("Good. Not great.") leaves it
                        // open, and so does a failure of another attempt ("1st try: perfect. 2nd run: garbage.").
                        if selfContradicted(tokens) { return .unclassified }  // "Right. Wrong. Right again? Who knows."
                        // ("Works great! Broken in prod though.": the failure grants the success, both stand.)
                        if later.1 < tokens.count, tokens[later.1].value == concessionMarker, !l.tookOver { return .unclassified }
                        // A success said of one part ("Works for the list view. Detail view still
                        // crashes."): the failure is of another, a part.
                        // ("It works... for integers. Floats still broken.": a pause before the part.)
                        if let ok = s.firstSuccess, l.missSaid {
                            // ("Worked first try… on Linux. macOS still broken.": the try named before it.)
                            var j = ok + 1
                            if j + 1 < range.1, tokens[j].lex == .ordinal, tokens[j + 1].lex == .turnNoun { j += 2 }
                            if j < range.1, tokens[j].lex == .clauseBreak { j += 1 }
                            // ("Works for ASCII. Breaks on emoji.": the thing alone ends the sentence.)
                            if j + 1 < range.1, tokens[j].lex == .other, tokens[j].value == scopeMarker,
                               tokens[j + 1].lex == .the || tokens[j + 1].lex == .other
                                && (j > ok + 1 || j + 2 == range.1 && tokens[j + 1].value == 0) {
                                return .partial(nil)
                            }
                            // ("It works on Linux. macOS is another story.": a place named, not "on the first try";
                            // "Works on my machine™. CI still red ...": the user's own.)
                            let mine = j + 2 < range.1 && tokens[j + 1].lex == .other && tokens[j + 1].value == myMarker
                            if j + (mine ? 3 : 2) == range.1, tokens[j].lex == .on || tokens[j].lex == .in_,
                               tokens[j + (mine ? 2 : 1)].lex == .other {
                                return .partial(nil)
                            }
                        }
                        return l.missSaid && tokens[later.0].lex != .ordinal ? .miss : .unclassified
                    }
                    // A later sentence of top praise and failure at once ("Brilliant. 10/10 would fail
                    // again."): the writer mocks the praise, and an honest reading is open.
                    if l.miss != nil, l.hit != nil, l.success == nil, !l.partial { return .unclassified }
                    // A later sentence of partial words, the user's own work or a restriction ("Works.
                    // Had to fix the imports myself.", "Solved it. Sort of."): partial; the user writing
                    // it anew ("Nice. But I ended up writing my own.") conflicts with the praise: open.
                    if l.partial || l.tookOver || l.eventually && saysTimePassed(tokens, later) || l.restricted || l.caveat
                        // ("Works. Missed the edge cases.": a sentence that opens with what was left out,
                        // not "Yep, that was it. Missing await.", the cause)
                        || l.shortfall && l.success == nil && l.hit == nil && tokens[later.0].lex == .shortfall
                            && tokens[later.0].value != missingMarker {
                        if l.miss != nil || l.instead || l.wrote && !l.rest && !l.wrotePart { return .unclassified }
                        // A count may come after it: "Worked. Eventually. After 7 prompts."
                        return .partial(firstCount(&tokens, in: sentences[(k + 1 + j)...]) { $0.miss == nil })
                    }
                }
            }
            // A later sentence may still state the turns: "Worked. Took 3 turns.", "Partly worked.
            // Took 3 turns.", "Failed. Tried 4 times." (a plain success becomes a partial).
            let open = verdict == .hit && s.hit == nil || verdict == .partial(nil) || verdict == .miss(nil)
            if open {
                for later in sentences[(k + 1)...] {
                    let l = signals(&tokens, later)
                    if verdict.verdict == .miss {
                        if l.success == nil, let n = l.turns ?? (l.afterOneTurn || l.oneCount ? 1 : nil) { return .miss(n) }
                        continue
                    }
                    if l.miss == nil, let n = l.turns { return .partial(n) }
                    if l.miss == nil, l.moreTurns, verdict.verdict == .hit { return .partial(nil) }
                }
            }
            return verdict
        }
        // A sarcasm cue in words ("Thanks, I hate it.", "yeah right", "It 'works'."), or 🙄 beside
        // nothing but the praise it vetoes ("Oh great, another deprecated API. 🙄"): a miss. 🙃 and
        // 🙄 alone say too little.
        let verbalCue = tokens.contains { $0.lex == .sarcasm && $0.value == 0 }
        // (🙄 beside a told deed, "thanks for rewriting my whole file when I asked for one line 🙄", too.)
        return verbalCue || eyeRoll && (vetoedPraise || tokens.count >= 5) ? .miss : .unclassified
    }

    /// Takes out a 🙃 that closes a fault said after a success and `but` (`Fixed the bug but broke
    /// dark mode 🙃`), when it is the bullet's only sarcasm cue: rue at the fault, not irony about
    /// the success, which stands beside it (partial, as writers label it).
    static func dropRue(_ t: inout [Token]) {
        let cues = t.indices.filter { t[$0].lex == .sarcasm }
        guard cues.count == 1, let e = cues.first, t[e].value == ironyMarker else { return }
        var b = e - 1
        while b >= 0, t[b].lex != .sentenceEnd { b -= 1 }
        guard let c = (b + 1..<e).first(where: { t[$0].lex == .clauseBreak && t[$0].value == contrastMarker }),
              (b + 1..<c).contains(where: { t[$0].lex == .success }),
              (c + 1..<e).contains(where: { t[$0].lex == .missWord || t[$0].lex == .shortfall }) else { return }
        t.remove(at: e)
    }

    static func decide(_ signals: Signals) -> Classification {
        var s = signals
        if s.sarcasm {
            // Praise beside a sarcasm cue (🙄, `/s`, a word in scare quotes, "if you ignore the
            // crash") is not meant: failure and turns stand.
            s.success = nil; s.hit = nil; s.negatedHit = false; s.claimed = false
        }
        if s.turns != nil || s.moreTurns || s.afterOneTurn {
            // "Gave up after 5 turns": the turns tried; "after 1 turn" is one here.
            // A hit word counts as success here ("Second attempt nailed it, first one hallucinated a
            // flag"); `first try` does not ("failed first try, gave up after 3").
            // ("Took 3 tries, the first two didn't compile": the failures were the earlier tries.)
            // ("second attempt ok, first one didn't compile": the failure was the earlier one.)
            if s.miss != nil && s.success == nil && !s.hitSaid && !s.firstFew && !s.okSaid {
                return .miss(s.turns ?? (s.afterOneTurn ? 1 : nil))
            }
            // "Switched to doing it by hand after the 2nd prompt", "rolled my own after attempt #3": the
            // user took over after those turns, and nothing says the answer helped.
            // ("Im zweiten Anlauf ok, aber die Tests hab ich selbst geschrieben": the answer was ok.)
            if s.tookOver && s.success == nil && s.hit == nil && !s.partial && !s.rest && !s.helped && !s.eventually
                && !s.partPraised && !s.shortfall && !s.okSaid {
                return .miss(s.turns)
            }
            // "Tried twice, then fixed it by hand": the only success is the user's, after those turns.
            if s.ownFix && s.successes == 1 && s.hit == nil && !s.partial && !s.rest && !s.eventually && !s.helped {
                return .miss(s.turns)
            }
            // "Worked first try, then failed on every retry": a hit, then failures: open.
            if s.firstTry, s.turns == nil, let h = s.hit, let m = s.miss, h < m, (s.success ?? 0) < m, !s.negatedHit {
                return .unclassified
            }
            // "after 1 turn" says partial but counts like a hit: the count is left unknown.
            return .partial(s.turns)
        }
        // The user threw the answer away and wrote their own: a miss ("wrote it myself instead",
        // "rewrote it by hand"); finishing it ("wrote the rest myself") is partial.
        let partRedone = s.wrotePart && (s.success != nil || s.hit != nil)
        if s.tookOver && (s.instead || s.wrote && !s.rest && !partRedone && !s.partPraised) && !s.partial {
            // Beside success, what the user wrote may be something else ("wrote the tests myself,
            // the code worked first try"): open.
            return s.success == nil && s.hit == nil ? .miss : .unclassified
        }
        // The user did the work and nothing says the answer helped ("did it by hand", "went with my
        // own version", "did it myself in the end"): a miss; finishing it ("finished it myself",
        // "fixed the rest by hand") or fixing it ("fixed it myself") is partial.
        // ("missed the down() method, added it by hand": the user added what the answer left out.)
        // ("Answer was OK but used an outdated API, swapped to the new one manually": the answer was ok.)
        if s.tookOver && !s.rest && !s.partial && s.success == nil && s.hit == nil && !s.helped && !s.partPraised
            && !s.shortfall && !s.okSaid {
            return .miss
        }
        // The answer failed and the user then did the work ("wrong answer, fixed it myself", "gave
        // a broken answer; I did the job manually"): the success is the user's, a miss. Patching an
        // answer praised in part ("Decent skeleton, wrong API version, patched.") is partial.
        // ("Couldn't get it to handle the race; fixed it myself": the only success is the user's.)
        if s.tookOver, s.missSaid, s.answerFailed || s.ownFix && s.successes == 1, let m = s.miss, let ok = s.success, m < ok, s.hit == nil,
           !s.partPraised, !s.rest, !s.partial, !s.wrotePart, !s.keptPart, !s.restricted, !s.helped {
            return .miss
        }
        // A success restricted ("except on Windows", "only for the happy path") or qualified
        // ("with caveats", "90% correct") holds in part.
        let qualified = (s.restricted || s.caveat) && (s.success != nil || s.hit != nil)
        if s.partial || s.eventually || s.tookOver || qualified || s.helped && s.success != nil && s.miss == nil {
            // "Worked first try after I pasted the error": one turn and more than one, both said.
            if s.firstTry && s.afterHelp && !s.negatedHit { return .unclassified }
            // Partial words beside failure are unclear ("partially failed"); the user taking over
            // after a failure is a miss ("gave up, did it by hand").
            // But patching an answer praised in part ("Right idea, wrong API version, swapped to v3
            // manually") is partial.
            if s.miss != nil && s.success == nil {
                // ("Mostly ok, but it dropped the retry logic, had to put it back myself": the user
                // fixed what failed, partial.)
                // (Rewriting all of it is no fix: "almost, but ... I rewrote it from scratch".)
                if s.partial { return s.tookOver && !(s.wrote && !s.rest && !s.wrotePart) && !s.instead ? .partial(nil) : .unclassified }
                return s.partPraised && !s.praiseContrasted && s.tookOver ? .partial(nil) : .miss(nil)
            }
            // Only built, then failed, then the user took over ("Output compiled but produced wrong
            // totals; did it manually."): building is no verdict, so the user did what failed.
            if let m = s.miss, let ok = s.success, s.tookOver, !s.strongSuccess, (s.firstSuccess ?? ok) < m, s.hit == nil,
               !s.partial, !s.eventually, !s.partPraised, !s.restricted, !s.caveat, !s.helped {
                return .miss
            }
            // Not quite there, and the user wrote it anew ("didn't quite get there; I ended up writing
            // it myself"): nothing of the answer was kept, a miss.
            if s.partial, s.tookOver, s.wroteWhole, !s.rest, !s.partPraised, !s.helped, s.success == nil, s.hit == nil,
               s.turns == nil, !s.eventually, !s.keptPart {
                return .miss
            }
            return .partial(nil)
        }
        if s.hit != nil {
            // "One prompt, one disaster.", "one shot, zero value": a count of one, and failure alone
            // ("First try failed" may be followed by more).
            if s.oneCount && !s.hitSaid && s.missSaid && s.success == nil && !s.negatedHit { return .miss(1) }
            if s.miss != nil || s.negatedHit || s.shortfall || s.partDenied { return .unclassified }
            return .hit
        }
        if s.negatedHit {
            return s.success != nil ? .partial(nil) : .unclassified
        }
        // "Kept the tests, threw away the implementation": a part kept, a part not.
        if s.keptPart && (s.miss != nil || s.wrote) && s.success == nil && s.hit == nil { return .partial(nil) }
        if let m = s.miss {
            // Praise of something besides the answer beside a failure ("Right idea, wrong library
            // version", "Good idea, bad code"): which weighs more is not said; after `but` the
            // failure does ("Nice idea, but it didn't compile").
            if s.partPraised && !s.praiseContrasted && s.success == nil && s.hit == nil { return .unclassified }
            // Failure, then success ("failed, then worked") is partial; success, failure and success
            // again ("shipped it, reverted it, shipped it again") leaves the end open.
            if let ok = s.success {
                // Only built ("Output compiled but was logically wrong"): building is no verdict, the failure is.
                // ("Compiles, doesn't work.": success denied after building is a failure too.)
                if !s.strongSuccess, (s.firstSuccess ?? ok) < m, s.hit == nil { return .miss }
                // ("Didn't work, so I shipped it.": the success does not follow from the failure: open.)
                return m < ok && (s.firstSuccess ?? ok) > m && !s.successAsConsequence ? .partial(nil) : .unclassified
            }
            return .miss
        }
        if s.success != nil { return s.partDenied || s.litotes && !s.plainSuccess ? .unclassified : s.shortfall ? .partial(nil) : .hit }  // "tests pass but it skipped two cases"
        // "Went with the StackOverflow answer instead.": the user used something else.
        if s.instead { return .miss }
        return .unclassified
    }

    /// The kinds of signal a phrase can give; a negation ahead of it flips or drops it.
    enum Kind { case hit, hitQuality, partial, miss, success, turns(Int?), negation }

    static func isTurns(_ k: Kind) -> Bool { if case .turns = k { return true } else { return false } }

    /// Finds the signals in `t[start..<end]`.
    static func scan(_ t: inout [Token], _ start: Int, _ end: Int, into s: inout Signals) {
        var pendingNegation: Int? = nil  // position of an unconsumed negation in this clause
        var pendingHedge: Int? = nil  // position of an unconsumed hedge (`if`, `maybe`) in this clause
        var pendingSeeming: Int? = nil  // position of `looked`, `seems`, `says`, `in theory` in this clause
        var pendingThing = false  // `half the`, `mostly a` in this clause: partial if success follows in it
        var thingClause = false  // a clause after a hit that opens with `the`: about a thing
        var listing = false  // after "needed fixes:", "with caveats:": the failures listed are what was fixed, or the caveats
        var negationScope = 4  // how many words a negation reaches: to the clause's end for `none`, `not a single`
        var i = start
        func lex(_ k: Int) -> Lex { k < end ? t[k].lex : .sentenceEnd }
        /// Where the clause holding `k` ends: its break, its sentence's end, or `end`.
        func clauseEnd(_ k: Int) -> Int {
            var e = k
            while e < end, t[e].lex != .clauseBreak, t[e].lex != .sentenceEnd { e += 1 }
            return e
        }
        /// Whether `of the` stands before `k`, maybe with up to two words between (`of the borrow
        /// checker error`): what something is about.
        func ofThe(_ k: Int) -> Bool {
            var j = k - 1
            while j > start, k - j <= 2, t[j].lex == .other { j -= 1 }
            return j > start && t[j].lex == .the && t[j - 1].lex == .of
        }
        /// Whether the clause holding `k` follows a right answer and a colon and says what `the X
        /// was` (`Right answer first time: the coroutine was launched on the wrong dispatcher.`):
        /// the cause it found, not a failure (but "First try: the output was wrong." names no
        /// success before the colon).
        func causeAfterColon(_ k: Int) -> Bool {
            let c = clauseStart(t, k, start)
            return c > start && t[c - 1].lex == .clauseBreak && t[c - 1].value == 58 && t[c].lex == .the
                && (c..<k).contains { t[$0].lex == .other && t[$0].value == copulaMarker }
                && (s.success.map { $0 < c } ?? false || (start..<c).contains { t[$0].lex == .right })
        }
        /// A word outside the lexicon standing alone at the end of its clause ("but not 4o").
        func thingAlone(_ k: Int) -> Bool { lex(k) == .other && (lex(k + 1) == .clauseBreak || lex(k + 1) == .sentenceEnd) }
        /// Where the words saying the problem at `k` is gone end: `gone`, maybe after `is` ("CORS
        /// error gone", "the bug is gone"), or its coming back denied ("the deadlock doesn't
        /// reproduce anymore", "hasn't reproduced in 500 runs", "the crash no longer happens"); nil
        /// when they don't follow it.
        func goneEnd(after k: Int) -> Int? {
            if (lex(k + 1) == .failsDenied || lex(k + 1) == .had) && lex(k + 2) == .negation || lex(k + 1) == .no && lex(k + 2) == .other
                && t[k + 2].value == longerMarker {
                return lex(k + 3) == .other && t[k + 3].value == recurMarker ? k + 4 : nil
            }
            var g = lex(k + 1) == .other && t[k + 1].value == copulaMarker ? k + 2 : k + 1
            // ("the type errors are all gone", "is now gone")
            if g > k + 1, lex(g) == .other, [0, nowMarker, allMarker].contains(t[g].value), lex(g + 1) == .other, t[g + 1].value == goneMarker { g += 1 }
            return lex(g) == .other && t[g].value == goneMarker ? g + 1 : nil
        }

        func record(_ kind: Kind, at pos: Int) {
            var kind = kind
            if let seeming = pendingSeeming, pos - seeming <= 3 {
                switch kind {
                case .success, .hit, .hitQuality, .turns(1):
                    // "looked right", "seems to work", "says it fixed it": claimed, not seen to work.
                    pendingSeeming = nil; s.claimed = true; return
                default: break
                }
            }
            if let hedge = pendingHedge, pos - hedge <= 4 {
                // "unsure if it works", "should work": the signal is left open.
                pendingHedge = nil
                if case .negation = kind {} else {
                    s.hedged = true
                    // "It passed the tests, but the tests might be wrong.": a failure the writer thinks
                    // possible, after a success, leaves it open.
                    if case .miss = kind, s.success != nil || s.hit != nil, s.doubt == nil { s.doubt = pos }
                    return
                }
            }
            var denied = false
            var faint = false
            var deniedAt = pos
            if let neg = pendingNegation, pos - neg <= negationScope, !(negationScope > 4 && isTurns(kind)) {
                deniedAt = neg
                // (A quantifier reaches past a count: "none of the 4 attempts compiled".)
                pendingNegation = nil
                switch kind {
                case .success: kind = .miss; denied = true
                case .hit, .turns(1): s.negatedHit = true; return
                case .hitQuality: kind = .partial
                case .partial, .turns: return
                case .miss:
                    kind = .success
                    // "not bad", "not terrible", "not useless": a failure denied is faint praise.
                    if t[pos].lex == .missWord { s.litotes = true; faint = true }
                case .negation: return
                }
            }
            // "Part 1 done, part 2 it couldn't figure out.": one numbered part failed, another worked.
            if case .miss = kind, let ok = s.success, numberedPart(t, ok, start), numberedPart(t, pos, start) {
                s.restricted = true; s.partFailed = true; return
            }
            // "UI works, backend part didn't work at all.": a success denied of another named part,
            // as "the parser works, the printer doesn't" is.
            if case .miss = kind, denied, s.strongSuccess, t[pos].lex == .success, namedPartBefore(t, deniedAt, start) {
                s.restricted = true; s.partFailed = true; return
            }
            switch kind {
            case .hit, .hitQuality: if s.hit == nil { s.hit = pos }; s.hitSaid = true
            case .partial: s.partial = true
            case .miss:
                if s.miss == nil { s.miss = pos }
                if !denied { s.missSaid = true }
            case .success:
                if s.miss != nil, pos >= start + 2, t[pos - 1].lex == .pronoun, t[pos - 2].lex == .other, t[pos - 2].value == soMarker {
                    s.successAsConsequence = true
                }
                s.success = pos
                s.successes += 1
                if s.firstSuccess == nil { s.firstSuccess = pos }
                if t[pos].value != weakMarker { s.strongSuccess = true }
                if !faint { s.plainSuccess = true }
                if pendingThing { s.partial = true }  // "half the tests pass"
            case let .turns(n):
                if let n {
                    if n == 1 {
                        if s.hit == nil { s.hit = pos }
                        s.firstTry = true
                        if t[pos].lex == .number || t[pos].lex == .single { s.oneCount = true }
                    }
                    else if n >= 2 { s.turns = max(s.turns ?? 0, n) }
                } else {
                    s.moreTurns = true
                }
            case .negation:
                pendingNegation = pos
                let quantifier = t[pos].lex == .negation && t[pos].value == quantifierMarker
                    || lex(pos + 1) == .other && lex(pos + 2) == .single  // "not a single line"
                    || lex(pos + 1) == .number && t[pos + 1].value == 1 && lex(pos + 2) != .turnNoun  // "not one test"
                negationScope = quantifier ? end - pos : 4
            }
        }

        // The whole a number at `i` is a part of: the `5` of "3 of the 5", "two out of three".
        func wholeCount() -> Int? {
            let o = lex(i + 1) == .out ? i + 2 : i + 1
            guard lex(o) == .of else { return nil }
            if lex(o + 1) == .number { return o + 1 }
            return lex(o + 1) == .the && lex(o + 2) == .number ? o + 2 : nil
        }
        // A comparative in the few words after `have` ("couldn't have done it better").
        func comparativeAhead() -> Int? {
            (i + 2..<min(end, i + 6)).first { t[$0].lex == .other && t[$0].value == comparativeMarker }
        }
        // After a failure to get something ("couldn't get it to handle timezones correctly",
        // "never got a passing test"), the success words to the clause's end name what failed.
        func namesWhatFailed(from k: Int) {
            var k = k
            while k < end, t[k].lex != .clauseBreak, t[k].lex != .sentenceEnd {
                if t[k].lex == .success || t[k].lex == .pass { t[k].lex = .other }
                k += 1
            }
        }
        // Something of the answer praised before `i` ("Close, but ...", "ok", "mostly"): the user's
        // work after it built on the answer.
        func praisedBefore() -> Bool {
            t[start..<i].contains { [.close, .ok, .partialWord].contains($0.lex) }
        }
        // "ran the suite twice": a run of the code in the clause, before the count.
        func ranInClause() -> Bool {
            (clauseStart(t, i, start)..<i).contains { t[$0].lex == .failsDenied || t[$0].lex == .verify && t[$0].value == runMarker
                || t[$0].lex == .other && t[$0].value == readMarker  // ("Had to read the diff twice to believe it")
                // ("yes I checked it twice because I didn't believe it": the user's checks, not tries)
                // ("I checked twice and it's right")
                || t[$0].lex == .verify && t[$0].value != triedMarker && $0 > start && t[$0 - 1].lex == .pronoun
                    && (lex($0 + 1) == .it || $0 + 1 == i)
                // ("It's right. Checked against the RFC twice.")
                || t[$0].lex == .verify && t[$0].value != triedMarker && $0 == clauseStart(t, i, start) && t[$0].value != runMarker }
        }
        // "the flow now retries": `now` after a thing named, before the word at `i`; or, after
        // success, the thing named just before it ("the wrapper retries"): what the code does.
        func nowAfterThing() -> Bool {
            i >= start + 2 && t[i - 1].lex == .other && t[i - 1].value == nowMarker && t[i - 2].lex == .other
                // ("Worked first try — the webhook retries now back off exponentially.")
                || (s.success != nil || s.hit != nil) && i >= start + 2 && t[i - 1].lex == .other && t[i - 1].value == 0
                    && t[i - 2].lex == .the
        }
        // "didn't even need to explain the schema twice": a repeat denied, no second turn.
        // ("didn't even have to explain the schema twice": the negation used up by `had`, in the clause.)
        /// Whether the negation at `i` opens `, not the Y` or `but not the Y` after a deed, with only
        /// words outside the lexicon after it (not after `was`: "it was the timezone offset, not the
        /// cache" names the cause).
        func partDeniedAfterDeed() -> Bool {
            t[i].value != quantifierMarker && (t[i - 1].value == 0 || t[i - 1].value == contrastMarker)
                && (s.success != nil || s.hit != nil) && s.miss == nil
                && i + 2 < end && (i + 2..<clauseEnd(i)).allSatisfy({ t[$0].lex == .other })
                && !(start..<i).contains(where: { t[$0].lex == .other && t[$0].value == copulaMarker })
                && !(i >= start + 2 && t[i - 2].lex == .myself)  // ("(typo mine, not the model's)": whose, no part)
        }
        func repeatNotNeeded() -> Bool {
            let clause = clauseStart(t, i, start)
            return (pendingNegation ?? (clause..<i).last(where: { t[$0].lex == .negation })).map { neg in
                i - neg <= 7 && (neg + 1..<i).contains { [.need, .had].contains(t[$0].lex)
                    || t[$0].lex == .other && t[$0].value == gerundMarker && $0 + 1 < i && t[$0 + 1].lex == .to } } ?? false
        }

        while i < end {
            let l = t[i].lex
            switch l {
            case _ where foresaw(t, i):
                // "Had assumed it would hallucinate the API", "Thought this would take 5 tries": what
                // the writer foresaw, not what happened
                i = clauseEnd(i)
            case .clauseBreak:
                if s.partPraised && t[i].value == contrastMarker { s.praiseContrasted = true }
                if t[i].value == 58 || t[i].value == 45, s.partial && s.success == nil || s.caveat, s.miss == nil { listing = true }
                // ("Needed 2 follow ups (missing null check, then wrong return type)": what they fixed.)
                if t[i].value == 40, s.turns != nil, s.miss == nil, s.success == nil { listing = true }
                // "Probably my prompt was bad, but still: didn't work.": what follows `but` weighs more.
                // (Doubt before `but` still leaves a success after it open: "not sure it handles leap
                // years, but it compiles".)
                if t[i].value == contrastMarker, let d = s.doubt, s.success == nil, s.hit == nil {
                    s.contrastedDoubt = d; s.doubt = nil
                }
                pendingNegation = nil
                negationScope = 4
                pendingHedge = nil
                pendingSeeming = nil
                pendingThing = false
                thingClause = s.hit != nil && lex(i + 1) == .the
                i += 1
            case .hedge:
                pendingHedge = i; pendingNegation = nil; i += 1
            case .doubt where lex(i + 1) == .number && lex(i + 2) == .other,
                 .doubt where lex(i + 1) == .number && lex(i + 2) == .turnNoun && i > start,
                 .doubt where lex(i + 1) == .caveat && t[i + 1].value == percentMarker,
                 .doubt where lex(i + 1) == .partialWord && i > start && t[i - 1].lex == .kept,
                 .doubt where lex(i + 1) == .other && t[i + 1].value == articleMarker && lex(i + 2) == .ordinal:
                // "took maybe 10 minutes", "I rewrote maybe 30%", "maybe a third of it", "kept maybe half",
                // "Eventually worked, maybe 2-3 rounds.": an estimate, not
                // doubt about the outcome
                i += 1
            case .doubt where t[i].value == hmmMarker && i == 0 && ![.sentenceEnd, .clauseBreak].contains(lex(i + 1)) && i + 1 < end:
                i += 1  // "hmm ok after 2 retries": an interjection before the verdict
            case .doubt where t[i].value == hmmMarker && i == 0 && lex(i + 1) == .clauseBreak && t[i + 1].value == 0
                && [.success, .ok].contains(lex(i + 2)):
                i += 2  // "Hmm, worked after I told it which Python version we're on.": the same
            case .doubt where lex(i + 1) == .why
                || lex(i + 1) == .other && t[i + 1].value == whichMarker
                    && (i + 2..<min(end, i + 5)).contains(where: { t[$0].lex == .success && t[$0].value == fixedMarker })
                || i + 3 < end && (i + 2..<min(end, i + 4)).contains(where: { t[$0].lex == .why })
                    && t[(i + 1)..<min(end, i + 3)].allSatisfy({ [.pronoun, .tell, .other].contains($0.lex) }):
                // "not sure why", "no idea how": doubt about the cause, not the outcome; what the clause
                // says after it is the cause ("not sure why the old code broke").
                i = clauseEnd(i + 2)
            case .doubt where i > start && t[i - 1].lex == .missWord && s.miss == i - 1:
                // "The deploy was rolled back for unrelated reasons.": undone for reasons not the
                // answer's, so whether it worked is open.
                s.miss = nil; s.missSaid = false; s.doubt = s.doubt ?? i
                i += 1
            case .doubt:
                if s.doubt == nil { s.doubt = i }
                pendingHedge = i; pendingNegation = nil; i += 1
            case .tell where t[i].value == knowMarker && lex(i + 1) == .why:
                pendingNegation = nil; i += 2  // "it works, I just don't know why": doubt about the cause
            case .tell where t[i].value == knowMarker && pendingNegation == i - 1
                && !(max(start, i - 4)..<i).contains(where: { t[$0].lex == .pronoun })
                && ![.until, .yet, .clauseBreak, .sentenceEnd].contains(lex(i + 1)):
                pendingNegation = nil; record(.miss, at: i); i += 1  // "It doesn't know SwiftData": the answer lacks it
            case .tell:
                // "can't tell", "couldn't tell", "I don't know": doubt, and the negation is used up.
                // ("no way to tell", "no way to know": the same doubt.)
                let noWayTo = i >= start + 3 && t[i - 1].lex == .to && t[i - 2].lex == .other && t[i - 3].lex == .no
                if pendingNegation == i - 1 || noWayTo {
                    pendingNegation = nil; if s.doubt == nil { s.doubt = i }
                    if lex(i + 1) == .until { i = clauseEnd(i + 1); continue }  // "Won't know until the nightly batch runs."
                }
                i += 1
            case .shrug:
                s.shrug = true; i += 1
            case .seeming where t[i].value == insistMarker && lex(i + 1) == .it && lex(i + 2) == .to
                && pendingNegation.map({ i - $0 <= 2 }) == true:
                // "haven't convinced it to handle prod's SSL config": a failure, as "couldn't get it to"
                pendingNegation = nil; record(.miss, at: i); namesWhatFailed(from: i + 3); i += 3
            case .seeming where t[i].value == insistMarker && s.success == nil && s.hit == nil:
                s.claimed = true; i += 1  // "It insisted the bug was in my config. It wasn't.": a claim the next words deny
            case .seeming:
                if let ok = s.success ?? s.hit, i - ok <= 3, s.miss == nil {
                    // "worked in theory", "fine on paper": the success before it is only claimed.
                    s.success = nil; s.hit = nil; s.claimed = true; s.strongSuccess = false
                } else {
                    pendingSeeming = i
                }
                i += 1
            case .answerNoun:
                // "wrong answer", "broken answer": the failure is of the whole answer.
                if i > start, t[i - 1].lex == .missWord, s.miss == i - 1 { s.answerFailed = true }
                i += 1
            case .instead where lex(i + 1) == .of && (s.success != nil || s.hit != nil)
                && (clauseStart(t, i, start)..<i).contains(where: { t[$0].lex == .it }):
                // "Tests pass now, though it disabled one flaky test instead of fixing it.": a way round
                // the work, a flaw beside success
                s.shortfall = true; i += 2
                if lex(i) == .editNoun || lex(i) == .success { i += 1 }
            case .instead:
                // "instead of X" compares, it does not abandon; "asked a different question instead" changed the ask
                // ("Tried Claude instead for comparison": what follows says why, no verdict.)
                if lex(i + 1) == .clauseBreak || lex(i + 1) == .sentenceEnd || s.tookOver,
                   !t[start..<i].contains(where: { $0.lex == .wanted }) { s.instead = true }
                i += 1
            case .why where i > start && t[i - 1].lex == .stepIn:
                i = clauseEnd(i + 1)  // "it worked and explained why the old code deadlocked": what it explained
            case .why where i >= start + 2 && t[i - 2].lex == .missWord && t[i - 1].lex == .other:
                i = clauseEnd(i + 1)  // "Confidently wrong about how Postgres advisory locks work.": what it was wrong about
            case .vague where t[i].value == moreMarker && lex(i + 1) == .other && t[i + 1].value == thanMarker && lex(i + 2) == .pronoun:
                // "Worked on the first try, which is more than I can say for the last three prompts.": the
                // user's other tries, no turns of this one
                i = clauseEnd(i)
            case .why where lex(i + 1) == .vague && t[i + 1].value == 0 && lex(i + 2) == .turnNoun:
                // "don't ask how many prompts": more turns, however many, and the negation is of the asking.
                pendingNegation = nil; record(.turns(nil), at: i); i += 3
            case .why where lex(i + 1) == .other && t[i + 1].value == didMarker && lex(i + 2) == .negation
                && lex(i + 3) == .doubt && t[i + 3].value == thinkMarker && lex(i + 4) == .of:
                // "Oh sure, just mock the entire database, why didn't I think of that.": sarcasm, and
                // its `I think` no doubt
                t[i + 3] = Token(lex: .other)
                pendingNegation = nil; s.sarcasm = true; record(.miss, at: i); i += 5
            case .stepIn where t[i].value == toldMarker && i > start && t[i - 1].lex == .it && lex(i + 1) == .other
                && ![.to, .clauseBreak, .sentenceEnd].contains(lex(i + 2)):
                s.claimed = true; i += 2  // "It told me it's impossible.": a claim (not "it told me to check the logs")
            case .wrote where i > start && t[i - 1].lex == .it,
                 .wrote where i - start >= 2 && t[i - 1].lex == .other && t[i - 1].value == justMarker && t[i - 2].lex == .it:
                i += 1  // "It wrote the tests", "it just rewrote my prompt": the answer's writing, not the user's
            case .wrote:
                // "rewrote the I/O" redid a part; "rewrote the whole thing", "rewrote it" all of it.
                if t[i].value == redoMarker && lex(i + 1) == .the && lex(i + 2) != .whole { s.wrotePart = true }
                // "Rewrote those.": a part; a sentence that opens with it is the user's own work.
                if t[i].value == redoMarker && lex(i + 1) == .other && t[i + 1].value == demonstrativeMarker { s.wrotePart = true }
                if i == start && t[i].value == redoMarker { s.tookOver = true }
                if lex(i + 1) == .it || lex(i + 1) == .the && lex(i + 2) == .whole { s.wroteWhole = true }
                s.wrote = true; i += 1
            case .kept:
                // "kept the tests, threw away the rest": a part kept; "kept it as is": all of it.
                // ("Gave up and kept the old implementation": after a failure, the user's own, instead
                // of the answer; "it kept the existing comments" is the answer's doing.)
                if lex(i + 1) == .the, lex(i + 2) == .other, t[i + 2].value == oldMarker, s.miss != nil {
                    s.instead = true; s.tookOver = true; i += 3; continue
                }
                if lex(i + 1) == .the { s.keptPart = true; i += 2; continue }
                // ("Kept it in the scratch folder.": stored, not used.)
                if lex(i + 1) == .it, t[i].value != tookMarker, lex(i + 2) != .in_ { record(.success, at: i); i += 2; continue }
                i += 1
            case .still where lex(i + 1) == .missWord && s.strongSuccess && i > start && t[i - 1].lex == .other && t[i - 1].value == 0
                && (i - 1 == start || t[i - 2].lex == .clauseBreak):
                // "Good for the Linux build; macOS still broken.": another part named, still failing
                s.restricted = true; s.partFailed = true; i += 2
            case .still where i > start && t[i - 1].lex == .problem && lex(i + 1) == .other && [0, recurMarker].contains(t[i + 1].value):
                record(.miss, at: i); i += 2  // "The fix compiled but the bug still reproduces.": the failure persists
            case .still where lex(i + 1) == .other && t[i + 1].value == progressMarker:
                // "Benchmark still running (2 of 5 suites done).": not done yet, the outcome is open
                if s.doubt == nil { s.doubt = i }
                i += 2
            case .still where lex(i + 1) == .there && i >= start + 2 && t[i - 1].lex == .other && t[i - 1].value == copulaMarker
                && (t[i - 2].lex == .problem || t[i - 2].lex == .missWord && t[i - 2].value == failureNounMarker):
                record(.miss, at: i); i += 2  // "The patch applied but the crash is still there.": the failure persists
            case .still where i > start && t[i - 1].lex == .pronoun && lex(i + 1) == .negation:
                i += 1  // "though I still don't fully understand why": the user's, not the answer's
            case .still where lex(i + 1) == .there && i > start && t[i - 1].lex == .problem:
                record(.miss, at: i); i += 2  // "Bug still there.": the failure persists
            case .still where s.success != nil && i >= start + 2 && t[i - 1].lex == .other
                && (t[i - 2].lex == .the
                    || t[i - 1].value == copulaMarker && lex(i + 1) == .there
                    && (max(start, i - 4)..<(i - 2)).contains(where: { k in t[k].lex == .the && t[(k + 1)..<(i - 1)].allSatisfy { $0.lex == .other } }))
                && (lex(i + 1) == .other || lex(i + 1) == .there):
                // "Fixed the crash, but the test still flakes.", "Fixed the crash; the warning is still
                // there.": something left over beside the success.
                s.shortfall = true; i += 2
            case .still where lex(i + 1) == .shortfall && s.success == nil && s.hit == nil && (s.turns.map { $0 >= 2 } ?? s.moreTurns):
                // "Tried four times with increasingly explicit instructions, still ignored the rule.":
                // after the tries, the fault stayed
                record(.miss, at: i); i += 2
            case .still:
                // "still didn't handle pagination": a failure, whatever the verb.
                // ("still can't", "still doesn't": a contracted negation after the verb)
                if lex(i + 1) == .negation || lex(i + 2) == .negation && t[i + 2].value == contractedMarker { record(.miss, at: i) }
                // ("Generated tests that test nothing and still fail.": `nothing` reaches no further.)
                if lex(i + 1) == .labelFailed || lex(i + 1) == .missWord { pendingNegation = nil }
                i += 1
            case .failsDenied where lex(i + 1) == .negation && t[i + 1].value == quantifierMarker:
                record(.miss, at: i); i += 2  // "Used none of it."
            case .failsDenied where t[i].value == ranMarker && pendingNegation.map({ i - $0 <= 2 && ($0 > start && t[$0 - 1].lex == .pronoun
                || $0 == clauseStart(t, $0, start) && [.it, .the].contains(lex(i + 1))) }) == true:
                // "I never actually ran the output", "Never ran it; the project got cancelled.": not
                // tried, so the outcome is open ("Crashed, never ran." is the code's failure)
                pendingNegation = nil; if s.doubt == nil { s.doubt = i }
                i += 1
            case .failsDenied:
                // "doesn't build", "doesn't exist": a failure; "the build" alone says nothing, nor
                // does an instruction ("told it not to use lodash").
                // ("not for real use": a purpose denied, not a failure.)
                if let neg = pendingNegation, i - neg <= 4, t[i - 1].lex != .to,
                   !(neg + 1..<i).contains(where: { t[$0].lex == .other && t[$0].value == scopeMarker }) {
                    pendingNegation = nil
                    if listing { s.shortfall = true } else { record(.miss, at: i) }  // "with caveats: doesn't handle X"
                    // The denial reaches a manner after the verb ("didn't handle the concurrency
                    // correctly"): no success of its own.
                    var k = i + 1
                    while k < min(end, i + 4), t[k].lex != .clauseBreak, t[k].lex != .sentenceEnd {
                        if t[k].lex == .success { t[k].lex = .other; t[k].value = 0; break }
                        k += 1
                    }
                }
                i += 1
            case .rest where t[i].value == finishedMarker && pendingNegation.map({ i - $0 <= 2 }) == true:
                pendingNegation = nil; record(.miss, at: i); i += 1  // "never finished the answer"
            case .rest:
                s.rest = true; i += 1
            case .shortfall where i > start && (t[i - 1].lex == .modifier || t[i - 1].lex == .other && t[i - 1].value == bitMarker):
                i += 1  // "the comments are a bit verbose": a trifle
            case .shortfall where t[i].value == missingMarker && i > start + 1
                && (t[i - 1].lex == .other && t[i - 1].value == articleMarker || t[i - 1].lex == .the)
                && t[i - 2].lex == .other && t[i - 2].value == copulaMarker && i > start + 2 && t[i - 3].lex != .it:
                i += 1  // "the race condition was a missing await": the bug's cause, found
            case .shortfall where t[i].value == missingMarker && s.hit != nil && i > start + 1
                && (t[i - 1].lex == .other && t[i - 1].value == articleMarker || t[i - 1].lex == .the)
                && t[i - 2].lex == .clauseBreak && t[i - 2].value != contrastMarker:
                // "Got the right fix immediately (a missing `await`).", "Right answer immediately — the
                // missing piece was ...": after a hit, the cause it found (but "Worked with one tiny
                // edit (a missing `await`)." names the edit)
                i += 1
            case .shortfall where t[i].value == skippedMarker && i == start && i + 1 == end && start > 0:
                // "Answer was for Python 2. Skipped.": after what the answer was, the user passed it
                // over ("Skipped" alone may be the task)
                record(.miss, at: i); i += 1
            case .shortfall where t[i].value == missingMarker && i >= start + 2 && t[i - 1].lex == .other
                && t[i - 1].value == copulaMarker && t[i - 2].lex == .pronoun:
                i += 1  // "the lock ordering explanation was what I was missing": the user's lack, filled
            case .shortfall where i > start && t[i - 1].lex == .pronoun,
                 .shortfall where i > start + 1 && t[i - 1].lex == .had && t[i - 2].lex == .pronoun:
                // ("which I had missed for two days": the user's, too)
                i += 1  // "even handled the edge case I forgot to mention": the user's omission
            case .shortfall where i >= start + 2 && t[i - 1].lex == .the && (t[i - 2].lex == .stepIn || t[i - 2].lex == .success):
                // "it even added the missing test case": what was missing, added; "The suggested index
                // fixed the slow dashboard.": what was slow, fixed
                i += 1
            case .shortfall where s.success != nil && !(start..<i).contains(where: { t[$0].lex == .clauseBreak && t[$0].value == contrastMarker })
                && i >= start + 3 && t[i - 1].lex == .other && t[i - 1].value == articleMarker
                && t[i - 2].lex == .other && t[i - 2].value == copulaMarker && t[i - 3].lex == .it:
                i += 1  // "Fixed the flaky test in one shot, it was a missing await.": the cause it fixed
            case .shortfall:
                s.shortfall = true; i += 1
            case .no where [.clauseBreak, .sentenceEnd].contains(lex(i + 1))
                && (start..<i).contains(where: { t[$0].value == expectMarker && [.wanted, .other, .remark].contains(t[$0].lex) }):
                i += 1  // "Thought it would need a follow-up, but no.": the expectation is denied, not the answer
            case .nope where (start..<i).contains(where: { t[$0].lex == .wanted }):
                i += 1  // "was expecting to fight with it but nope": the expectation is denied, not the answer
            case .nope:
                record(.miss, at: i); i += 1
            case .close:
                // "not even close", "nowhere close": a miss; "close" alone says too little.
                if let neg = pendingNegation, i - neg <= 4 { pendingNegation = nil; record(.miss, at: i) }
                i += 1
            case .retried where i > start && (t[i - 1].lex == .it || i > start + 1 && t[i - 2].lex == .it && t[i - 1].lex == .other):
                i += 1  // "it just rephrased my question back at me": the answer's doing, not a retry
            case .retried where nowAfterThing(), .intervention where nowAfterThing():
                // "the OAuth refresh flow now retries exactly once": what the code does now
                i = clauseEnd(i)
            case .retried where t[i].value == regeneratedMarker && (lex(i + 1) == .the || lex(i + 1) == .other && t[i + 1].value == allMarker)
                && lex(i + 2) == .other:
                i += 2  // "regenerated the OpenAPI client", "regenerated the protobufs": a deed, not a new answer
            case .retried where pendingNegation.map({ i - $0 <= 2 }) == true:
                pendingNegation = nil; s.oneCount = true; i += 1  // "Didn't compile. Didn't retry.": one try
            case .retried:
                // "retried once", "rephrased twice", "reprompted 3 times": the first prompt, then those;
                // with no count, more turns ("retried, still wrong" is a miss after them).
                if lex(i + 1) == .once { record(.turns(2), at: i); i += 2; continue }
                if lex(i + 1) == .twice { record(.turns(3), at: i); i += 2; continue }
                if let c = turnPhrase(t, i + 1, end), let n = c.count { record(.turns(n + 1), at: i); i = c.next; continue }
                record(.turns([retriedOnceMarker, regeneratedMarker].contains(t[i].value) ? 2 : nil), at: i); i += 1
            case .ordinal where t[i].value == 1 && lex(i + 1) == .turnNoun && lex(i + 2) == .failsDenied && lex(i + 3) == .it
                && i > start && t[i - 1].lex == .clauseBreak && s.success == nil && s.hit == nil && s.miss == nil
                && [.clauseBreak, .sentenceEnd].contains(lex(i + 4)):
                // "Prompt template v3, first time using it.": the user's first use, no try, no outcome
                if s.doubt == nil { s.doubt = i }
                i += 4
            case .turnNoun where pendingNegation == i - 1 && (lex(i + 1) == .the || lex(i + 1) == .it):
                // "Didn't try the code; I only wanted to see how it would structure the modules.": no check made
                pendingNegation = nil; if s.doubt == nil { s.doubt = i }
                i += 1
            case .turnNoun where lex(i + 1) == .number && !(lex(i + 2) == .other && t[i + 2].value == minuteMarker)
                || lex(i + 1) == .clauseBreak && t[i + 1].value == 58 && lex(i + 2) == .number
                || lex(i + 1) == .other && t[i + 1].value == numberWordMarker && lex(i + 2) == .number
                || lex(i + 1) == .clauseBreak && t[i + 1].value == 40 && lex(i + 2) == .number:  // "Wrong on every try (3)."
                // "try #3", "attempt 3 worked", "turns: 3", "try number three" (not "Build time 14 min")
                let k = lex(i + 1) == .number ? i + 1 : i + 2
                record(.turns(t[k].value), at: i); i = k + 1
            case .intervention where t[i].value == pluralMarker && lex(i + 1) == .clauseBreak && t[i + 1].value == 58
                && lex(i + 2) == .number && t[i + 2].value >= 1:
                record(.turns(t[i + 2].value + 1), at: i); i += 3  // "followups: 2": after the first prompt
            case .number where t[i].value == 0 && lex(i + 1) == .other && t[i + 1].value == scopeMarker && lex(i + 2) == .number:
                // "0 for 3", "Zero for four.": no success in that many tries.
                record(.miss, at: i); record(.turns(t[i + 2].value), at: i + 2); i += 3
            case .number where t[i].value == 0 && lex(i + 1) == .out && lex(i + 2) == .of && lex(i + 3) == .number
                && lex(i + 4) == .turnNoun:
                // "zero out of three attempts compiled": none of that many tries succeeded
                record(.miss, at: i); record(.turns(t[i + 3].value), at: i + 3); i = clauseEnd(i + 5)
            case .it where lex(i + 1) == .other && t[i + 1].value == didMarker && s.miss != nil && (s.turns != nil || s.moreTurns)
                && [.clauseBreak, .sentenceEnd].contains(lex(i + 2)):
                // "Didn't compile; after 2 more prompts it did.": it did compile, after those turns.
                // (Not "Reverted everything it did.", nor "it insisted it did".)
                record(.success, at: i + 1); i += 2
            case .negation where lex(i + 1) == .had && comparativeAhead() != nil
                && !(i > start && (t[i - 1].lex == .failsDenied || t[i - 1].lex == .other && t[i - 1].value == didMarker)):
                // "Couldn't have done it better myself.": praise, said as what could not be. ("didn't
                // have better luck either" has nothing better: no praise.)
                record(.hitQuality, at: i)
                i = comparativeAhead()! + 1
            case .negation where t[i].value == 0 && noneOf(t, i + 1, end) != nil:
                // "Not a single fix needed.", "not one follow-up": none were needed, a hit
                record(.hit, at: i); i = noneOf(t, i + 1, end)!
                if lex(i) == .need { i += 1 }
            case .negation where t[i].value == neMarker && pendingNegation != nil:
                i += 1  // "Aucune des réponses ne marchait.": one negation in two words
            case .negation where t[i].value == 0 && lex(i + 1) == .editNoun && [.clauseBreak, .sentenceEnd, .symbolHit].contains(lex(i + 2)):
                record(.hit, at: i); i += 2  // "accepted the diff without changes", "ran without changes 🎉": none were needed
            case .negation where i > start && t[i - 1].lex == .other && t[i - 1].value == wouldMarker
                && (i + 1..<min(end, i + 5)).contains(where: { t[$0].lex == .other && t[$0].value == againMarker }):
                // "10/10 would not prompt again", "wouldn't recommend": the verdict is failure, and
                // praise beside it is not meant.
                record(.miss, at: i); s.sarcasm = true; i += 1
            case .problem where i > start && (max(start + 1, i - 3)..<i).contains(where: { k in
                    t[k].lex == .number && t[k - 1].lex == .other && t[k - 1].value == fromMarker }):
                i += 1  // "Went from 14 lint errors to 0.": a measure that fell
            case .problem where i >= start + 2 && t[i - 1].lex == .the && t[i - 2].lex == .other && t[i - 2].value == copulaMarker
                && !(start..<i).contains(where: { [.negation, .still, .same].contains(t[$0].lex) }):
                i += 1  // "The CORS headers were the issue, as it guessed.": the cause named, no failure
            case .problem where i >= start + 3 && (max(start + 1, i - 4)..<(i - 1)).contains(where: { k in
                    t[k].lex == .other && t[k].value == copulaMarker && t[k - 1].lex == .it
                        && t[k + 1].lex == .other && t[k + 1].value == articleMarker && (k + 2..<i).allSatisfy { t[$0].lex == .other } }):
                i += 1  // "Right answer immediately — it was a timezone bug.": the cause named
            case .problem where namedAsCause(t, i, start):
                i += 1  // "The null check was the whole problem, as it suggested.": the cause named
            case .problem where lex(i + 1) == .other && t[i + 1].value == copulaMarker
                && (lex(i + 2) == .the || lex(i + 2) == .other && t[i + 2].value == articleMarker):
                i += 3  // "The CORS issue was the missing preflight handler": the cause named
            case .problem where (max(start, i - 3)..<i).contains(where: { t[$0].lex == .other && t[$0].value == caughtMarker }):
                i += 1  // "Worked, and it caught a second bug I hadn't asked about.": a bug it found, no failure
            case .missWord where t[i].value == failureNounMarker && (s.success != nil || s.hit != nil) && ofThe(i),
                 .problem where (s.success != nil || s.hit != nil) && ofThe(i) && (max(start, i - 5)..<i).contains(where: { t[$0].lex == .remark }):
                // "Worked first try, and its explanation of the deadlock was great.", "the explanation of
                // the borrow checker error": what it spoke of
                i += 1
            case .missWord where t[i].value == failingMarker && i > start && t[i - 1].lex == .the && lex(i + 1) == .other:
                i += 2  // "Worked first time. ... giving it the failing test up front": a thing named
            case .missWord where s.hit != nil && s.miss == nil && causeAfterColon(i):
                i += 1  // "Right answer first time: the coroutine was launched on the wrong dispatcher."
            case .missWord where t[i].value == abandonMarker && lex(i + 1) == .other && t[i + 1].value == beforeMarker
                && lex(i + 2) == .other && t[i + 2].value == gerundMarker:
                // "Prompt abandoned before sending; rewrote the task instead.": never tried, no outcome
                if s.doubt == nil { s.doubt = i }
                i += 3
            case .missWord where t[i].value == gotNothingMarker && lex(i + 1) == .success:
                record(.miss, at: i); i += 2  // "got nothing usable after several prompts": nothing came
            case .missWord where i >= start + 2 && t[i - 1].lex == .other && t[i - 1].value == copulaMarker
                && t[i - 2].lex == .pronoun && (i == start + 2 || t[i - 3].lex == .clauseBreak):
                i += 1  // "It was right. I was wrong about the cause.": the user's mistake, not the answer's
            case .missWord where t[i].value == failureNounMarker && i >= start + 2 && t[i - 1].lex == .the
                && t[i - 2].lex == .other && t[i - 2].value == removedMarker:
                record(.success, at: i); i += 1  // "the mutex ordering fix removed the deadlock": the failure ended
            case .problem where goneEnd(after: i) != nil, .missWord where t[i].value == failureNounMarker && goneEnd(after: i) != nil:
                // "The pagination bug is gone.", "CORS error gone.", "the coroutine deadlock is gone",
                // "the deadlock doesn't reproduce anymore": solved
                record(.success, at: i); i = goneEnd(after: i)!
            case .problem where [.other, .turnNoun].contains(lex(i + 1)) && goneEnd(after: i + 1) != nil:
                // "the error message is gone": the same, named in two words
                record(.success, at: i); i = goneEnd(after: i + 1)!
            case .problem where (lex(i + 1) == .other && t[i + 1].value == 0 || lex(i + 1) == .turnNoun) && i > start && t[i - 1].lex == .the:
                i += 1  // "the translation of the error messages reads naturally": a thing named, no failure
            case .missWord where t[i].value == lostMarker && i > start && t[i - 1].lex == .pronoun,
                 .missWord where t[i].value == lostMarker && (max(start, i - 3)..<i).contains(where: { t[$0].lex == .other && t[$0].value == recordMarker }),
                 .missWord where t[i].value == lostMarker && i == start && lex(i + 1) == .the
                    && (lex(i + 2) == .other && t[i + 2].value == outputMarker || lex(i + 2) == .answerNoun),
                 .missWord where i > start && t[i - 1].lex == .other && t[i - 1].value == accidentMarker,
                 .missWord where i >= start + 2 && t[i - 1].lex == .other && t[i - 1].value == copulaMarker
                    && t[i - 2].lex == .other && t[i - 2].value == setupMarker:
                // ("Lost the output when the tab closed. Will redo.", "??? the logs got wiped")
                // "Tried it, then the laptop died and I lost the output.": the user's loss; whether it
                // worked is not known. So with the user's mishap ("Accidentally closed the tab before
                // reading the answer.") or setup ("the env was broken, so couldn't evaluate").
                if s.doubt == nil { s.doubt = i }
                i += 1
            case .missWord where i >= start + 2 && t[i - 1].lex == .other && t[i - 1].value == beenMarker
                && (t[i - 2].lex == .had || t[i - 2].lex == .pronoun),  // ("I'd been stuck")
                 .missWord where (max(start, i - 3)..<i).contains(where: { t[$0].lex == .other && t[$0].value == thanMarker })
                    && s.success == nil && s.hit == nil:
                // "Had been stuck on this for two days.": the user's past; "way cleaner than my callback
                // mess": what it is compared with
                i += 1
            case .missWord where onlyPartBefore(t, i, start):
                s.restricted = true; s.partFailed = true; i += 1  // "only the timezone math was wrong": a part failed
            case .missWord where (s.success != nil || s.hit != nil) && i > start && t[i - 1].lex == .other && t[i - 1].value == copulaMarker
                && { let c = clauseStart(t, i, start); return c > start && t[c].lex == .other && t[c].value == myMarker }():
                i += 1  // "It was right, my mental model was wrong.": the user's own failing, not the answer's
            case .missWord where lex(i + 1) == .myself && (clauseStart(t, i, start)..<i).contains(where: { t[$0].lex == .pronoun }):
                i += 2  // "the bash quoting, which I always get wrong myself": the user's own failing
            case .missWord where lex(i + 1) == .at && i > start && t[i - 1].lex == .pronoun:
                i += 1  // "the edge cases I threw at it": what was given, not discarded
            case .missWord where (lex(i + 1) == .other && t[i + 1].value == myMarker || lex(i + 1) == .number)
                && (i + 2..<min(end, i + 6)).contains(where: { t[$0].lex == .other && t[$0].value == workaroundMarker }):
                // "Deleted my 40-line workaround.", "Deleted 2 hacks I'd had for years.": the user's
                // stopgaps, made needless
                i += 2
            case .missWord where lex(i + 1) == .another && turnPhrase(t, i + 1, end) != nil:
                // "Not worth another round": a try not made
                record(.miss, at: i); i = turnPhrase(t, i + 1, end)!.next
            case .missWord where i - start >= 2 && t[i - 1].lex == .other && t[i - 1].value == scopeMarker
                && t[i - 2].lex == .other && t[i - 2].value == thanksMarker:
                record(.miss, at: i); s.sarcasm = true; i += 1  // "thanks for deleting my tests": not meant
            case .missWord where lex(i + 1) == .other && lex(i + 2) == .it && lex(i + 3) == .other && t[i + 3].value == caughtMarker:
                i += 4  // "Instant fix. The cron expression was wrong and it caught it.": the cause it found
            case .intervention where lex(i + 1) == .other && t[i + 1].value == laterMarker,
                 .retried where lex(i + 1) == .other && t[i + 1].value == laterMarker:
                // "Rate limited before it finished; retry later.": a try not yet made
                if s.doubt == nil { s.doubt = i }
                i += 2
            case .missWord where i >= start + 2 && t[i - 1].lex == .the && t[i - 2].lex == .other && t[i - 2].value == foundMarker:
                i += 1  // "Correct. The bisect script found the bad commit in 6 steps.": what it found
            case .missWord where lex(i + 1) == .yet && [.clauseBreak, .sentenceEnd].contains(lex(i + 2)):
                // "No result yet; the nightly job runs at 2am.": not known yet
                if s.doubt == nil { s.doubt = i }
                i += 2
            case .missWord where i > start && t[i - 1].lex == .other && t[i - 1].value == wouldMarker
                && (i + 1..<min(end, i + 4)).contains(where: { t[$0].lex == .other && t[$0].value == againMarker }):
                record(.miss, at: i); s.sarcasm = true; i += 1  // "10/10 would hallucinate again"
            case .negation where (lex(i + 1) == .the || lex(i + 1) == .other && t[i + 1].value == articleMarker)
                && (lex(i + 2) == .whole || lex(i + 2) == .other && t[i + 2].value == fullMarker):
                // "Helped. Not the full solution.", "Worked, but not the whole thing.": success in part.
                pendingNegation = nil; s.restricted = true; i += 3
            case .negation where lex(i + 1) == .the && i > start && t[i - 1].lex == .clauseBreak
                && ((s.success ?? s.hit).map({ ok in ok + 1 < i && t[ok + 1].lex == .other && t[ok + 1].value == scopeMarker }) == true
                    || partDeniedAfterDeed()):
                // "Worked for the unit tests, not the integration ones.": success restricted to what it names;
                // "It fixed the crash, not the root cause.", "Fixed the crash but not the underlying leak.": a part
                pendingNegation = nil; s.restricted = true; s.partFailed = true; i = clauseEnd(i)
            case .negation where lex(i + 1) == .other && t[i + 1].value == articleMarker && lex(i + 2) == .other
                && t[i + 2].value == realMarker && lex(i + 3) == .turnNoun:
                // "Not a real attempt, just checking the model's knowledge cutoff.": no try, so no outcome
                pendingNegation = nil; if s.doubt == nil { s.doubt = i }
                i += 4
            case .negation where s.keptPart && i > start && t[i - 1].lex == .clauseBreak:
                s.partial = true; i += 1  // "Took the naming idea, not the code.": a part kept, a part not
            case .negation:
                // "I still don't fully understand why": the user's understanding, not the answer's.
                if lex(i + 1) == .quite, lex(i + 2) == .tell || lex(i + 2) == .got,
                   (max(start, i - 3)..<i).contains(where: { t[$0].lex == .pronoun }) {
                    pendingNegation = nil; i += 3; continue
                }
                // `not quite`, `not fully`: partial, and the negation is used up.
                if lex(i + 1) == .quite { s.partial = true; i += 2; continue }
                // "works, but not on Safari", "worked, not for the async case": a success restricted.
                if s.success != nil || s.hit != nil,
                   [.on, .in_, .with].contains(lex(i + 1)) || lex(i + 1) == .other && [scopeMarker, unlessMarker].contains(t[i + 1].value)
                    // "worked with o1 but not 4o", "Helped a lot, though not a drop-in": a thing named
                    // after "but not"
                    || i > start && t[i - 1].lex == .clauseBreak && [contrastMarker, thoughMarker].contains(t[i - 1].value)
                        && thingAlone(i + 1 + (lex(i + 1) == .other && t[i + 1].value == articleMarker ? 1 : 0))
                    // "It works on Chrome, not Safari.": the place it works, then one it does not
                    || i > start + 1 && t[i].value == 0 && t[i - 1].lex == .clauseBreak && t[i - 1].value == 0 && thingAlone(i + 1)
                        && (start..<(i - 1)).contains(where: { t[$0].lex == .on || t[$0].lex == .in_ }) {
                    s.restricted = true; i += 1; continue
                }
                // "the regex was right, the surrounding code wasn't": a denial standing at a clause's
                // end after success denies a part of it (a failure, but not said in its own words).
                if s.success != nil || s.hit != nil, i + 1 >= end || lex(i + 1) == .clauseBreak {
                    // With a part named ("the parser works, the printer doesn't"), a part failed.
                    if s.strongSuccess && namedPartBefore(t, i, start) { s.restricted = true; s.partFailed = true } else { s.partDenied = true }
                    i += 1; continue
                }
                record(.negation, at: i); i += 1
            case .no where lex(i + 1) == .other && t[i + 1].value == longerMarker && lex(i + 2) == .missWord:
                record(.success, at: i + 2); i += 3  // "the UI no longer freezes": the failure ended
            case .no where lex(i + 1) == .other && t[i + 1].value == longerMarker && lex(i + 2) == .success:
                record(.miss, at: i + 2); i += 3  // "no longer works"
            case .no where lex(i + 1) == .caveat && t[i + 1].value == 0:
                i += 2  // "Worked, first go, no caveats."
            case .no where lex(i + 1) == .editNoun && t[i + 1].value == fixMarker && [.clauseBreak, .sentenceEnd].contains(lex(i + 2)):
                record(.miss, at: i); i += 2  // "Circular reasoning, no fix.": no solution
            case .no where lex(i + 1) == .intervention, .number where t[i].value == 0 && lex(i + 1) == .intervention,
                 .no where lex(i + 1) == .editNoun && [.need, .clauseBreak, .sentenceEnd, .symbolHit].contains(lex(i + 2)),
                 .number where t[i].value == 0 && lex(i + 1) == .editNoun && [.need, .clauseBreak, .sentenceEnd, .symbolHit].contains(lex(i + 2)):
                // ("no edits.", "zero changes needed", "no changes 🚀": the same; "no fix yet" is not)
                // "no follow-ups", "zero follow-ups needed": none were needed, a hit
                record(.hit, at: i); i += 2
                if lex(i) == .need { i += 1 }
            case .missWord where t[i].value == droppedMarker && (i + 1..<min(end, i + 5)).contains(where: { k in
                    t[k].lex == .other && t[k].value == byMarker && (lex(k + 1) == .number || lex(k + 1) == .caveat && t[k + 1].value == percentMarker) }):
                i += 1  // "Dropped bundle size by 120 KB.": a measure that fell
            case .other where t[i].value == scopeMarker && lex(i + 1) == .the && lex(i + 2) == .ordinal && t[i + 2].value == 1
                && lex(i + 3) == .turnNoun:
                // "Used the streaming API for the first time here.": the user's first time, no try, and
                // no outcome said ("Worked for the first time" is read by its success)
                if s.success == nil && s.hit == nil && s.miss == nil && s.doubt == nil { s.doubt = i }
                i += 4
            case .other where t[i].value == scopeMarker && s.success != nil && s.hit == nil && i > start && t[i - 1].lex == .success
                && (lex(i + 1) == .the || lex(i + 1) == .other && t[i + 1].value == articleMarker)
                && lex(i + 2) == .other && t[i + 2].value == demoMarker:
                s.restricted = true; i += 3  // "Works for the demo.": good for a demo only, as every writer of it means
            case .other where t[i].value == predicateFlawMarker && i > start
                && (t[i - 1].lex == .other && t[i - 1].value == copulaMarker || t[i - 1].lex == .it)
                && (s.success != nil || s.hit != nil):
                s.shortfall = true; i += 1  // "Works, but the tests it wrote are flaky.": a flaw of it
            case .other where t[i].value == slowerMarker:
                if s.success != nil || s.hit != nil { s.shortfall = true }  // "Works, but it's 3x slower."
                i += 1
            case .times where lex(i + 1) == .other && (t[i + 1].value == comparativeMarker || t[i + 1].value == slowerMarker),
                 .times where i > start && t[i - 1].lex == .other && [directionMarker, offMarker].contains(t[i - 1].value) || afterBy(t, i, start),
                 .times where ranBefore(t, i, start),
                 .times where lex(i + 1) == .other && (t[i + 1].value == 0 || t[i + 1].value == quantityMarker)
                    && [.clauseBreak, .sentenceEnd, .on, .in_].contains(lex(i + 2))
                    && i > start && !(t[i - 1].lex == .verify && t[i - 1].value == triedMarker):
                // "10x faster", "regressed perf by 3x", "improved 3x", "benchmark shows 3x throughput.": a measure; "ran
                // it 50x": runs of the code
                i += 1
            case .times:
                // "wrong answer x2", "tried 3x": that many turns; "x1, clean": one; "had to nudge it
                // x2": follow-ups, after the first prompt
                // ("(tried 3x)": tries, whatever came before.)
                let tried = i > start && t[i - 1].lex == .verify
                if t[i].value >= 1 { record(.turns(t[i].value + (followUpBefore(t, i, start) && !tried ? 1 : 0)), at: i) }
                i += 1
            case .editNoun where t[i].value == fixMarker && pendingNegation == i - 1 && t[i - 1].lex == .negation,
                 .editNoun where t[i].value == fixMarker && pendingNegation == i - 2 && t[i - 2].lex == .negation
                    && t[i - 1].lex == .other && t[i - 1].value == actuallyMarker:
                pendingNegation = nil; record(.miss, at: i); i += 1  // "couldn't fix it", "didn't actually fix it"
            case .no where (lex(i + 1) == .missWord && t[i + 1].value != flawMarker || lex(i + 1) == .shortfall)
                && [.clauseBreak, .sentenceEnd, .in_].contains(lex(i + 2)):
                record(.success, at: i + 1); i += 2  // "worked immediately, no leaks in LeakCanary": none came
            case .no where s.success != nil && (lex(i + 1) == .clauseBreak || lex(i + 1) == .sentenceEnd)
                && (max(start, i - 3)..<i).contains(where: { t[$0].lex == .rest }):
                s.restricted = true; i += 1  // "Part 1 yes, part 2 no.": a part failed
            case .no:
                // `no luck`, `no dice`, `no go`, and `no` on its own (`no (3 turns)`): a miss;
                // otherwise `no` negates what follows.
                if lex(i + 1) == .fortune || lex(i + 1) == .go { record(.miss, at: i); i += 2; continue }
                if i == start && (lex(i + 1) == .clauseBreak || lex(i + 1) == .sentenceEnd) { record(.miss, at: i); i += 1; continue }
                // "close, but no": a denial standing alone after `but`.
                if i > start, t[i - 1].lex == .clauseBreak, t[i - 1].value == contrastMarker,
                   lex(i + 1) == .clauseBreak || lex(i + 1) == .sentenceEnd {
                    record(.miss, at: i); i += 1; continue
                }
                record(.negation, at: i); i += 1
            case .success where i > start && t[i - 1].lex == .to && lex(i + 1) == .out:
                i += 2  // "it took me an hour to figure out why": a purpose, no success
            case .success where t[i].value == sortedMarker && lex(i + 1) == .other:
                i += 1  // "sorted ascending instead of descending": what the answer did, no verdict
            case .success where lex(i + 1) == .negation && t[i + 1].value == quantifierMarker
                && [.clauseBreak, .sentenceEnd].contains(lex(i + 2)):
                record(.miss, at: i); i += 2  // "renamed every variable and fixed nothing"
            case .success where pendingNegation == nil && lex(i + 1) == .missWord && t[i + 1].value != flawMarker,
                 .hitQuality where pendingNegation == nil && lex(i + 1) == .missWord && t[i + 1].value != flawMarker:
                // ("10/10 hallucination, 0/10 code": the same.)
                // "Nice hallucination": praise of a failure, sarcasm.
                s.sarcasm = true; record(.miss, at: i + 1); i += 2
            case .success where pendingNegation == nil && lex(i + 1) == .the && lex(i + 2) == .missWord && t[i + 2].value == failureNounMarker:
                record(.success, at: i); i += 3  // "Fixed the crash in one shot.": the failure is what was fixed
            case .success where pendingNegation == nil && lex(i + 1) == .there && [.clauseBreak, .sentenceEnd].contains(lex(i + 2))
                && (start..<i).contains(where: { $0 + 2 < i && t[$0].lex == .other && isEdVerb(t[$0].value) && t[$0 + 1].lex == .to
                    && t[$0 + 2].lex == .other && t[$0 + 2].value != gerundMarker }):
                // "Switched to Gemini for this one, worked there.": it worked with the other model, not this one.
                s.instead = true; record(.miss, at: i); i += 2
            case .success where pendingNegation == nil && s.miss != nil && i > start && t[i - 1].lex == .pronoun && lex(i + 1) == .it
                && !(i - 2 >= start && t[i - 2].lex == .other && t[i - 2].value == soMarker):
                // "Didn't help, I solved it after reading the RFC.": after the answer failed, the user did the work.
                s.tookOver = true; i += 2
            case .success where pendingNegation == nil && remarkBefore(t, i, start),
                 .right where pendingNegation == nil && remarkBefore(t, i, start):
                s.partPraised = true; i += 1  // "the approach was right": praise of something else
            case .success where t[i].value == helpMarker && lex(i + 1) == .other && t[i + 1].value == scopeMarker && lex(i + 2) == .the
                && lex(i + 3) != .whole:
                s.partPraised = true; i += 3  // "Helpful for the boilerplate, I wrote the tricky bit.": help with a part
            case .success where lex(i + 1) == .number && t[i + 1].value == 1 && (lex(i + 2) == .clauseBreak || lex(i + 2) == .sentenceEnd):
                s.partPraised = true; i += 2  // "a different question, but a useful one": praise of that thing
            case .other where t[i].value == feelingMarker && (s.success != nil || s.hit != nil):
                // "Worked in one go, which surprised me given last week's mess.": the rest of the clause
                // is why the writer was surprised, not the outcome.
                i = clauseEnd(i + 1)
            case .other where t[i].value == spentMarker && (s.success != nil || s.hit != nil)
                && (start..<i).contains(where: { t[$0].lex == .clauseBreak && t[$0].value == contrastMarker })
                && (i + 1..<min(end, i + 5)).contains(where: { t[$0].lex == .other && t[$0].value == gerundMarker }):
                // "Helped a lot, but I still spent an hour debugging the output.": the user's work on it
                s.effort = true; s.shortfall = true; i += 1
            case .other where t[i].value == spentMarker:
                s.effort = true; i += 1
            case .remark where i >= start + 2 && t[i - 1].lex == .other && t[i - 1].value == itsMarker
                && (t[i - 2].lex == .failsDenied || t[i - 2].lex == .kept)
                && !(max(start, i - 5)..<i).contains(where: { t[$0].lex == .negation || t[$0].lex == .no }):
                s.partPraised = true; i += 1  // "Ended up using its approach but my own code.": a part of the answer used
            case .success where t[i].value == 0 && lex(i + 1) == .turnNoun && t[i + 1].value == promptMarker
                && (i == start || t[i - 1].lex == .clauseBreak || t[i - 1].lex == .other && t[i - 1].value == articleMarker):
                // ("Kept as an example of a good prompt structure, not as a result.")
                s.partPraised = true; i += 2  // "Good prompt template, reuse for other services.": the user's prompt praised
            case .missWord where lex(i + 1) == .success && t[i + 1].value != fixedMarker && t[i + 1].value != weakMarker
                && [.clauseBreak, .sentenceEnd].contains(lex(i + 2)):
                record(.miss, at: i); i += 2  // "got nothing usable": what was not got
            case .success where lex(i + 1) == .remark, .right where lex(i + 1) == .remark:
                // "good question", "nice idea": praise for something else, though it helped
                // ("helpful explanation; code I wrote myself" is partial).
                s.partPraised = true; i += 2
            case .success where describedOnly(t, i, start), .pass where describedOnly(t, i, start):
                // "wrong about how lifetimes work", "deleted my tests to make them pass", "Really wanted
                // this to work", "it tried to solve a CSS problem with JavaScript": no success.
                i += 1
            case .success where lex(i + 1) == .other && t[i + 1].value == articleMarker
                && lex(i + 2) == .other && t[i + 2].value == bitMarker && lex(i + 3) != .of:
                record(.success, at: i); s.partial = true; i += 3  // "helped a bit": in part (not "fixed a bit of it")
            case .success where t[i].value == doneMarker && i > start && t[i - 1].lex == .other && t[i - 1].value == imMarker:
                // "Wrong again, three attempts, I'm done.": after a failure, the user gave up; after
                // success ("it worked, i'm done here") the user is done, no success of its own
                if s.miss != nil && s.success == nil && s.hit == nil { record(.miss, at: i) }
                i += 1
            case .success where i > start && t[i - 1].lex == .other && t[i - 1].value == anythingMarker
                && (clauseStart(t, i, start)..<i).contains(where: { t[$0].lex == .other && t[$0].value == beforeMarker }):
                i += 1  // "Context overflowed before it produced anything usable.": no success came
            case .success where lex(i + 1) == .negation && t[i + 1].value == afterVerbMarker:
                pendingNegation = nil  // "ne marche pas": one negation in two words
                record(.miss, at: i); i += 2  // "ça marche pas", "funktioniert nicht"
            case .success where lex(i + 1) == .other && t[i + 1].value == atAllMarker
                && lex(i + 2) == .negation && t[i + 2].value == afterVerbMarker:
                pendingNegation = nil; record(.miss, at: i); i += 3  // "Funktionierte überhaupt nicht", "klappt gar nicht"
            case .success:
                record(.success, at: i)
                // "good start", "solid first draft", "a nice outline": praise of a beginning, a partial.
                if lex(i + 1) == .beginning { s.partial = true; i += 1 }
                else if [.other, .ordinal].contains(lex(i + 1)) && lex(i + 2) == .beginning { s.partial = true; i += 2 }
                // "useful as a starting point"
                else if lex(i + 1) == .asIs, lex(i + 2) == .other, t[i + 2].value == articleMarker, lex(i + 3) == .beginning {
                    s.partial = true; i += 3
                }
                i += 1
            case .myself where ownFault(t, i):
                // "..., but that's on me": the user's own fault, no taking over (and a "had to" before
                // it is the user's own need, see below)
                i += 1
            case .myself where (clauseStart(t, i, start)..<i).contains(where: { t[$0].lex == .verify })
                || i > start && t[i - 1].lex == .other && (t[i - 1].value == thanMarker || t[i - 1].value == comparativeMarker)
                || (max(start, i - 4)..<i).contains(where: { t[$0].lex == .other && t[$0].value == thanMarker }):
                // ("better than mine", "couldn't have written it better myself": a comparison)
                i += 1  // "double-checked the math by hand": the user checked it, they did not do it
            case .myself:
                if let neg = pendingNegation, i - neg <= 4 { pendingNegation = nil } else {
                    s.tookOver = true
                    // "fixed it by hand", "solved it myself": the success is the user's.
                    // ("I fixed it in nginx myself")
                    if let ok = s.success, i - ok <= 4, !t[ok..<i].contains(where: { $0.lex == .clauseBreak }) { s.ownFix = true }
                }
                i += 1
            case .ok:
                i += 1  // `ok` alone says too little; `not ok` is a miss
                if let neg = pendingNegation, i - 1 - neg <= 4 { pendingNegation = nil; record(.miss, at: i - 1) }
                else if !(i - 1 == start && lex(i) == .clauseBreak && t[i].value != contrastMarker) {
                    s.okSaid = true  // (not "OK, gave up": an interjection; but "OK but the tests were broken")
                }
            case .hitQuality:
                record(.hitQuality, at: i); i += 1
            case .hitWord where t[i].value == immediatelyMarker && i > start && t[i - 1].lex == .missWord:
                i += 1  // "Produced code that deadlocks immediately.": how soon it failed
            case .hitWord where t[i].value != immediatelyMarker && (lex(i + 1) == .labelFailed || lex(i + 1) == .missWord):
                i += 1  // "Zero-shot failure; one retry, also failure.": the kind of failure
            case .hitWord, .symbolHit:
                record(.hit, at: i); i += 1
            case .partialWord where lex(i + 1) == .to && [.other, .stepIn].contains(lex(i + 2)) && t[i + 2].value == mergeMarker:
                record(.success, at: i); i += 3  // "First pass was good enough to merge after review by Sam.": accepted
            case .partialWord where lex(i + 1) == .negation && t[i + 1].value == 1 && [.clauseBreak, .sentenceEnd].contains(lex(i + 2)),
                 .other where t[i].value == changedMarker && lex(i + 1) == .negation && t[i + 1].value == quantifierMarker
                    && [.clauseBreak, .sentenceEnd].contains(lex(i + 2)):
                i += 2  // "Immediately usable. Tweaked nothing.", "Right first time. Changed nothing.": no tweak
            case .partialWord where lex(i + 1) == .other && t[i + 1].value == soMarker:
                i += 1  // "leaving this note mostly so I remember the prompt shape": why, not how much
            case .partialWord where t[i].value == trimmedMarker && s.success == nil && s.hit == nil:
                i += 1  // "Prompt was too long, trimmed it for next time.": the user's prompt, no answer kept
            case .partialWord where t[i].value == degreeMarker && (s.hit != nil || s.firstTry) && i > start
                && (t[i - 1].lex == .clauseBreak || i - 1 > start && t[i - 1].lex == .other && t[i - 2].lex == .clauseBreak)
                && lex(i + 1) == .other:
                // "Worked first try, kinda shocked tbh", "it worked on the first try, honestly kinda
                // impressive": a feeling, not the outcome
                i += 1
            case .partialWord where lex(i + 1) == .other && t[i + 1].value == feelingMarker,
                 .kind where lex(i + 1) == .of && lex(i + 2) == .other && t[i + 2].value == feelingMarker:
                i += t[i].lex == .kind ? 3 : 2  // "it's perfect, i'm almost suspicious", "Kind of suspicious honestly.": a feeling
            case .partialWord where t[i].value == aboutThingMarker && lex(i + 1) == .the && lex(i + 2) == .other
                && t[i + 2].value == quantityMarker:
                i += 3  // "The Makefile is now half the size and still works.": a measure, no part
            case .partialWord where t[i].value == aboutThingMarker && i > start && t[i - 1].lex == .other && t[i - 1].value == didMarker:
                record(.partial, at: i); i += 1  // "Did most of the migration": a part of the work done
            case .partialWord where t[i].value == aboutThingMarker || t[i].value == degreeMarker && thingClause:
                pendingThing = true; i += 1
            case .partialWord, .symbolPartial, .labelPartial:
                record(.partial, at: i); i += 1
            case .missWord where t[i].value == wtfMarker && s.hit != nil && s.miss == nil:
                i += 1  // "WORKED FIRST TIME WTF": surprise at a hit
            case .missWord where t[i].value == flawMarker && lex(i + 1) == .other && i > start
                && (s.success ?? s.hit).map({ ok in t[ok..<i].contains { $0.lex == .clauseBreak } }) ?? false:
                s.shortfall = true; i += 1  // "Correct output, awful code": a flaw of a part beside success
            case .other where t[i].value == remainsMarker && (s.success != nil || s.hit != nil) && i > start
                && t[i - 1].lex != .pronoun && t[i - 1].lex != .it
                && (clauseStart(t, i, start)..<i).contains(where: { t[$0].lex == .the })
                && (s.success ?? s.hit!) < clauseStart(t, i, start):
                s.shortfall = true; i += 1  // "Solved the main issue; the warning about deprecated APIs remains.": left over
            case .other where t[i].value == offMarker && (s.success != nil || s.hit != nil) && i >= start + 2
                && t[i - 1].lex == .other && t[i - 1].value == copulaMarker && [.clauseBreak, .sentenceEnd].contains(lex(i + 1))
                && (start..<i).contains(where: { t[$0].lex == .clauseBreak && t[$0].value == contrastMarker }):
                s.restricted = true; s.partFailed = true; i += 1  // "Got the logic right but the styling is off.": a part
            case .other where t[i].value == mentionMarker && pendingNegation == i - 1 && i >= start + 3
                && t[i - 2].lex == .other && t[i - 2].value == didMarker && t[i - 3].lex == .it:
                // "needs an index it didn't mention": an omission of the answer's beside what worked
                pendingNegation = nil; s.shortfall = true; i += 1
            case .other where t[i].value == didMarker && lex(i + 1) == .negation && t[i + 1].value == quantifierMarker
                && lex(i + 2) != .missWord:
                record(.miss, at: i); i += 2  // "The code ran but did nothing.": it failed (not "did nothing wrong")
            case .other where t[i].value == introducedMarker && (s.success != nil || s.hit != nil)
                && (lex(i + 1) == .another || lex(i + 1) == .other && t[i + 1].value == articleMarker):
                s.shortfall = true; i += 1  // "Fixed the leak, introduced a new warning.": a fault it brought
            case .other where t[i].value == introducedMarker && (s.success != nil || s.hit != nil)
                && lex(i + 1) == .number && t[i + 1].value >= 2:
                // "Fixed one bug, introduced two.": more faults than it fixed, a miss to one writer and
                // open to another ("Net positive?"); no part that worked
                if s.doubt == nil { s.doubt = i }
                i += 2
            case .other where t[i].value == sentMarker && pendingNegation.map({ i - $0 <= 2 }) == true:
                // "Answered my own question while typing the prompt, never sent it.": not tried
                pendingNegation = nil; if s.doubt == nil { s.doubt = i }
                i += 1
            case .other where t[i].value == accidentMarker && i > start && t[i - 1].lex == .other && t[i - 1].value == byMarker:
                if s.doubt == nil { s.doubt = i }
                i += 1
            case .other where t[i].value == didMarker && lex(i + 1) == .caveat && t[i + 1].value == percentMarker:
                record(.partial, at: i); i += 2  // "It did 80% of the job.": that share of it
            case .other where t[i].value == didMarker && i == 0 && lex(i + 1) == .it && i + 2 == end:
                record(.success, at: i); i += 2  // "Did it. Lighthouse score 62 → 94.": it did the job
            case .other where t[i].value == didMarker && lex(i + 1) == .the && lex(i + 2) == .other
                && (i == start || t[i - 1].lex == .it || t[i - 1].lex == .clauseBreak):
                record(.success, at: i); i += 1  // "did the refactor but broke 2 tests": it did the job, in part
            case .other where t[i].value == didMarker && i > start && t[i - 1].lex == .clauseBreak
                && s.miss != nil && !s.missSaid && s.success == nil && ![.it, .myself, .the, .negation].contains(lex(i + 1)):
                record(.success, at: i); i += 1  // "didn't work at first, then did after a nudge"
            case .other where t[i].value == revisitMarker && i >= start + 2 && t[i - 2].lex == .need && t[i - 1].lex == .to:
                s.caveat = true; i += 1  // "Works, but it's O(n²) and I'll need to revisit.": not done yet
            case .missWord where t[i].value == droppedMarker
                && ((i + 1..<min(end, i + 4)).contains(where: { t[$0].lex == .in_ || t[$0].lex == .other && t[$0].value == intoMarker })
                    || lex(i + 1) == .to || lex(i + 1) == .other && t[i + 1].value == fromMarker
                    || measureFell(t, lex(i + 1) == .the ? i + 2 : i + 1, end)):
                // "dropped it straight into the repo": used, not discarded; "dropped to 38 ms",
                // "Dropped p95 from 420ms to 90ms": a number fell
                i += 1
            case .missWord where t[i].value == droppedMarker && i > start
                && (t[i - 1].lex == .turnNoun || t[i - 1].lex == .other && t[i - 1].value == quantityMarker):
                i += 1  // "Build time dropped too.", "the latency dropped": a measure fell
            case .missWord where s.strongSuccess && (lex(i + 1) == .on || lex(i + 1) == .in_) && lex(i + 2) == .other
                && t[i].value != flawMarker:
                s.restricted = true; s.partFailed = true; i += 1  // "fine on Linux, crashes on macOS": fails somewhere
            case .missWord where (s.hit != nil || s.success != nil) && i - start >= 4 && (start..<(i - 2)).contains(where: { k in
                    t[k].lex == .what && t[k + 1].lex == .pronoun && t[k + 2].lex == .wanted
                        && (k + 3..<i).contains { t[$0].lex == .clauseBreak }
                        && !(k + 3..<i).contains { t[$0].lex == .clauseBreak && t[$0].value == contrastMarker } }):
                // "Did exactly what I asked, which turned out to be the wrong thing.": the ask failed, not
                // the answer; whether it helped is open.
                if s.doubt == nil { s.doubt = i }
                i += 1
            case .missWord where (s.success != nil || s.hit != nil) && remarkBefore(t, i, start) && pendingNegation == nil
                && (s.success ?? s.hit!) < clauseStart(t, i, start):
                // "Code's fine, explanation was confidently wrong.": the explanation failed, not the code
                s.restricted = true; s.partFailed = true; i += 1
            case .missWord where s.strongSuccess && namedPartBefore(t, i, start) && pendingHedge.map({ i - $0 > 4 }) ?? true
                && pendingNegation == nil:  // ("the bundle shrank and nothing broke": no failure)
                s.restricted = true; s.partFailed = true; i += 1  // "did the frontend fine, the backend was nonsense": a part failed
            case .missWord where s.okSaid && s.success == nil && s.miss == nil && namedPartBefore(t, i, start):
                // "Output was ok, but the comments were wrong": ok, but for a part.
                record(.success, at: i); s.restricted = true; s.partFailed = true; i += 1
            case .other where t[i].value == articleMarker && lex(i + 1) == .beginning
                && (i + 2 == end || [.clauseBreak, .sentenceEnd].contains(lex(i + 2))):
                record(.partial, at: i); i += 2  // "meh, it's a start": a beginning, no more
            case .other where t[i].value == stoppedMarker
                && (i + 1..<min(end, i + 4)).contains(where: { t[$0].lex == .missWord })
                && !(i + 1..<min(end, i + 4)).contains(where: { t[$0].lex == .clauseBreak }):
                // "x3 before it stopped inventing props", "to stop it from inventing config keys": the failure ended
                record(.success, at: i); i += 1
            case .other where t[i].value == stoppedMarker && lex(i + 1) == .after && lex(i + 2) == .number
                && [.sentenceEnd, .clauseBreak].contains(lex(i + 3)):
                record(.miss, at: i); record(.turns(t[i + 2].value), at: i); i += 3  // "Stopped after 8.": 8 prompts
            case .other where t[i].value == stoppedMarker && (lex(i + 1) == .after || lex(i + 1) == .sentenceEnd || lex(i + 1) == .there
                || lex(i + 1) == .clauseBreak && i > start && t[i - 1].lex == .pronoun
                || (s.turns != nil || s.moreTurns) && i > start && t[i - 1].lex == .pronoun):
                // "Stopped after 4 prompts.", "stopped there", "then I stopped:", "after the 6th try I
                // stopped and read the docs"
                record(.miss, at: i); i += 1
            case .missWord where t[i].value == failureNounMarker && lex(i + 1) == .other && t[i + 1].value == quantityMarker:
                i += 2  // "crash rate back to baseline": a measure, no failure
            case .missWord where t[i].value == failureNounMarker && lex(i + 1) == .other && i > start && t[i - 1].lex == .the:
                i += 1  // "explain the crash log": a thing
            case .missWord where listing:
                s.shortfall = true; i += 1  // "Needed fixes: wrong import path, missing await."
            case .missWord where lex(i + 1) == .to && lex(i + 2) == .success, .labelFailed where lex(i + 1) == .to && lex(i + 2) == .success:
                record(.miss, at: i); i += 3  // "both failed to compile": what failed, no success
            case .missWord, .symbolMiss, .labelFailed, .labelMiss:
                record(.miss, at: i); i += 1
            case .other where t[i].value == articleMarker && lex(i + 1) == .intervention && i > start && t[i - 1].lex == .missWord:
                i += 2  // "not worth a follow-up": none was sent
            case .other where t[i].value == articleMarker && lex(i + 1) == .ordinal && [.turnNoun, .go, .pass].contains(lex(i + 2))
                && i > start && t[i - 1].lex == .missWord:
                i += 3  // "not worth a second go": none was tried
            case .other where t[i].value == articleMarker && lex(i + 1) == .intervention && s.turns != nil && i >= start + 2
                && t[i - 1].lex == .other && t[i - 2].lex == .intervention,
                 .another where lex(i + 1) == .intervention && s.turns != nil && i > start
                && (t[i - 1].lex == .other || t[i - 1].lex == .clauseBreak) && (max(start, i - 3)..<i).contains(where: { t[$0].lex == .intervention }):
                // "after a nudge and a retry", "after a nudge, and another nudge": one more after those
                s.turns! += 1; i += 2
            case .other where t[i].value == articleMarker && (lex(i + 1) == .intervention
                || lex(i + 1) == .vague && t[i + 1].value == moreMarker && lex(i + 2) == .turnNoun):
                // "needed a follow-up", "an extra prompt": one after the first, two turns
                let k = lex(i + 1) == .intervention ? i + 2 : i + 3
                record(.turns(2), at: i); i = k
            case .intervention where t[i].value == 0 && (i == start || t[i - 1].lex == .clauseBreak) && lex(i + 1) == .success:
                record(.turns(2), at: i); i += 1  // "First answer compiled but was wrong; follow-up fixed it."
            case .intervention where lex(i + 1) == .once || lex(i + 1) == .twice || lex(i + 1) == .thrice:
                // "had to rephrase twice": the first prompt, then those
                record(.turns(2 + (lex(i + 1) == .once ? 0 : lex(i + 1) == .twice ? 1 : 2)), at: i); i += 2
            case .intervention where i > start && t[i - 1].lex == .other && t[i - 1].value == scopeMarker,
                 .intervention where (lex(i + 1) == .with || lex(i + 1) == .in_) && (i == start || t[i - 1].lex == .clauseBreak),
                 .intervention where t[i].value == retryNounMarker && i > start && t[i - 1].lex == .the,
                 .intervention where t[i].value == retryNounMarker && i > start + 1 && t[i - 2].lex == .the
                    && t[i - 1].lex == .other && lex(i + 1) == .other:
                // "Opened a ticket for follow-up.", "(follow up with Sam)": a purpose or a to-do;
                // "the retry logic", "the old retry helper": a thing. Not a turn.
                i += 1
            case .intervention:
                record(.turns(nil), at: i); i += 1  // "needed follow-ups", "the retries didn't help": more turns
            case .until:
                // "didn't work until the third try": failure, then success; "worked great until I tried
                // it on real data": success, then failure.
                if s.miss != nil { pendingNegation = nil; record(.success, at: i) }
                else if s.success != nil || s.hit != nil { record(.miss, at: i) }
                i += 1
            case .give where lex(i + 1) == .up:
                record(.miss, at: i); i += 2
            case .give where t[i].value == givenMarker && lex(i + 1) == .the:
                // "It worked. Shocked, given the last three prompts in this log.": what the user weighs
                // it against, no turns of its own
                i = clauseEnd(i + 1)
            case .give where lex(i + 1) == .other && lex(i + 2) == .caveat && t[i + 2].value == percentMarker
                && pendingNegation == nil:
                record(.partial, at: i); i += 3  // "Gave me 80%; the auth bits I wrote.": that share of it
            case .dead where lex(i + 1) == .end:
                record(.miss, at: i); i += 2
            case .kind where lex(i + 1) == .of && lex(i + 2) == .other && [.clauseBreak, .sentenceEnd].contains(lex(i + 3))
                && i > start && (t[i - 1].lex == .other || t[i - 1].lex == .the):
                i += 3  // "as usual for this kind of boilerplate": a kind of thing, not a degree
            case .sort where lex(i + 1) == .of && lex(i + 2) == .other && lex(i + 3) == .why,
                 .kind where lex(i + 1) == .of && lex(i + 2) == .other && lex(i + 3) == .why:
                i += 3  // "Did it. Honestly kind of scary how well.": awe at how it went, not a degree of it
            case .sort where lex(i + 1) == .of, .kind where lex(i + 1) == .of:
                record(.partial, at: i); i += 2
            case .got:
                if lex(i + 1) == .there, let neg = pendingNegation, i - neg <= 2 {
                    pendingNegation = nil; record(.miss, at: i); i += 2; continue  // "Never got there."
                }
                if lex(i + 1) == .there { record(.partial, at: i); i += 2; continue }
                if lex(i + 1) == .partialWord, lex(i + 2) == .the, pendingNegation == nil {
                    record(.partial, at: i); i += 2; continue  // "Got most of the way; final 10% by hand."
                }
                let share = lex(i + 1) == .other && lex(i + 2) == .caveat ? i + 2 : i + 1
                if lex(share) == .caveat, t[share].value == percentMarker, lex(share + 1) == .of, pendingNegation == nil {
                    record(.partial, at: i); i = share + 2; continue  // "Got about 70% of the way; the auth flow I did by hand."
                }
                if lex(i + 1) == .other, t[i + 1].value == backMarker, let neg = pendingNegation, i - neg <= 2 {
                    // "Interrupted by a meeting, never got back to it.": not tried, the outcome is open
                    pendingNegation = nil; if s.doubt == nil { s.doubt = i }
                    i += 2; continue
                }
                if lex(i + 1) == .other, t[i + 1].value == articleMarker, lex(i + 2) == .turnNoun, t[i + 2].value == chanceMarker {
                    i += 2; continue  // "Didn't get a chance to run it": the chance is read next
                }
                if lex(i + 1) == .other, t[i + 1].value == articleMarker, let neg = pendingNegation, i - neg <= 2 {
                    // "Couldn't get a single passing test out of it": a failure; the success words
                    // after it say what it failed to give.
                    pendingNegation = nil; record(.miss, at: i)
                    namesWhatFailed(from: i + 2)
                    i += 2; continue
                }
                if lex(i + 1) == .the {
                    // "got the layout; I did the colours": a part of it right. "got the same error" is not.
                    var k = i + 2
                    while k < end, ![.clauseBreak, .sentenceEnd, .problem, .missWord, .negation, .no].contains(t[k].lex) { k += 1 }
                    // "never got the auth flow right": a failure, however many words name the thing
                    if let neg = pendingNegation, i - neg <= 2, let r = (i + 2..<min(k, end)).first(where: { t[$0].lex == .right }) {
                        pendingNegation = nil; record(.miss, at: i); i = r + 1; continue
                    }
                    // ("never got the recursion right": the verdict, and its negation, are in `right`.)
                    if k >= end || t[k].lex == .clauseBreak || t[k].lex == .sentenceEnd,
                       !t[(i + 2)..<min(k, end)].contains(where: { $0.lex == .right }) { record(.success, at: i) }
                    i += 2; continue
                }
                if lex(i + 1) == .it {
                    // "got it"; but in "never got it to work", "got it working" and "got it right"
                    // the verdict is in the word after.
                    if ![.to, .success, .right, .ok].contains(lex(i + 2)) { record(.success, at: i) }
                    if lex(i + 2) == .to, ![.success, .right, .ok, .pass].contains(lex(i + 3)),
                       let neg = pendingNegation, i - neg <= 2 {
                        // "couldn't get it to handle the empty list": a failure; a success word later in
                        // the clause says what it failed at ("Never got it to handle timezones correctly.").
                        pendingNegation = nil; record(.miss, at: i)
                        namesWhatFailed(from: i + 3)
                    }
                    i += 2; continue
                }
                i += 1
            case .had where lex(i + 1) == .to && pendingNegation.map({ i - $0 <= 2 }) == true
                && [.twice, .thrice].contains(lex(i + 3)):
                // "Didn't have to ask twice.": no follow-up; the count is denied with it
                pendingNegation = nil; i += 4
            case .had where lex(i + 1) == .to && i > start && t[i - 1].lex == .only && lex(i + 2) == .labelHit,
                 .had where lex(i + 1) == .to && i > start && t[i - 1].lex == .only && lex(i + 2) == .stepIn
                    && t[i + 2].value == mergeMarker:
                i += 3  // "Perfect, I only had to hit accept.", "I only had to paste it in.": no work
            case .had where lex(i + 1) == .to && lex(i + 2) == .other && t[i + 2].value == waitMarker:
                i += 3  // "had to wait like 90s for the response": the user's time, no help to the answer
            case .had where lex(i + 1) == .to && lex(i + 2) == .other && t[i + 2].value == readMarker:
                i += 3  // "Had to read the diff twice to believe it": the user's reading, no help to the answer
            case .had where lex(i + 1) == .to && lex(i + 2) == .other && t[i + 2].value == beMarker
                && (i + 3..<clauseEnd(i)).contains(where: { t[$0].lex == .turnNoun && t[$0].value == promptMarker }):
                i = clauseEnd(i)  // "Worked first try, though I had to be very specific in the prompt.": the user's prompt
            case .had where lex(i + 1) == .to && pendingNegation.map({ i - $0 <= 2 }) == true:
                // "Worked perfectly, I didn't have to follow up at all.": no help needed
                pendingNegation = nil; i = clauseEnd(i)
            case .had where lex(i + 1) == .to && (i + 2..<end).contains(where: { ownFault(t, $0) }):
                i += 2  // "Had to restart the dev server, but that's on me, not the code.": the user's own need
            case .had where lex(i + 1) == .to:
                record(.partial, at: i); i += 2
            case .after where lex(i + 1) == .number && lex(i + 2) == .other && t[i + 2].value == timeUnitMarker:
                // "to my mild annoyance after two days of debugging it myself": time before the prompt,
                // and what the user did in it
                // (Not "after 2 hours of back and forth": prompts, which are read.)
                i += 3
                let k = clauseEnd(i)
                if !t[i..<k].contains(where: { [.intervention, .turnNoun, .retried].contains($0.lex) }) { i = k }
            case .after where lex(i + 1) == .number && (2...10).contains(t[i + 1].value) && [.clauseBreak, .sentenceEnd].contains(lex(i + 2)):
                record(.turns(t[i + 1].value), at: i); i += 2  // "no dice after 2", "bailed after 2": that many tries
            case .after where (lex(i + 1) == .number || lex(i + 1) == .single) && turnPhrase(t, i + 1, end)?.count == 1:
                // "worked after 1 turn": the user said partial (`plog outcome --partial --turns 1`)
                if let neg = pendingNegation, i - neg <= 4 { pendingNegation = nil } else { s.afterOneTurn = true }
                i = turnPhrase(t, i + 1, end)!.next
            case .after where afterHelp(t, i + 1, end) != nil:
                // "good after edits", "usable after some cleanup", "after giving it more context";
                // "after rephrasing once" is two turns
                let k = afterHelp(t, i + 1, end)!
                if t[k - 1].lex == .intervention, t[k - 1].value != pluralMarker, lex(k) == .number, t[k].value >= 1,
                   [.clauseBreak, .sentenceEnd].contains(lex(k + 1)) {
                    record(.turns(t[k].value + 1), at: i); s.afterHelp = true; i = k + 1; continue  // "after follow-up #2"
                }
                if t[k - 1].lex == .intervention, [.once, .twice, .thrice].contains(lex(k)) {
                    record(.turns(lex(k) == .once ? 2 : lex(k) == .twice ? 3 : 4), at: i); i = k + 1; continue
                }
                if t[k - 1].lex == .intervention, k - 2 == i + 1, t[i + 1].lex == .other && t[i + 1].value == articleMarker
                    || t[i + 1].lex == .the && t[k - 1].value != pluralMarker && t[k - 1].value != exchangeMarker {
                    record(.turns(2), at: i); s.afterHelp = true; i = k; continue  // "after a follow-up", "after the follow-up"
                }
                if t[k - 1].lex == .intervention || t[k - 1].lex == .remark,
                   let n = (i + 1..<k - 1).first(where: { t[$0].lex == .number }), t[n].value >= 1 {
                    // "after one clarifying question", "depois de uma correção": that many, after the first
                    record(.turns(t[n].value + 1), at: i); s.afterHelp = true; i = k; continue
                }
                // ("Nope, after some back and forth I gave up": more turns, then what they came to.)
                // ("got nothing usable after several prompts": more turns, as after some back and forth.)
                if t[k - 1].lex == .intervention || t[k - 1].lex == .turnNoun { record(.turns(nil), at: i) } else { record(.partial, at: i) }
                s.afterHelp = true; i = k
            case .after where lex(i + 1) == .other && t[i + 1].value == gerundMarker && s.tookOver && s.miss != nil && !s.partial
                && !praisedBefore():
                // "Didn't help, I solved it after reading the RFC.": how the user got there, no help to the answer
                // (but "Close, but it crashed; fixed it by hand after reading the docs." built on it).
                i += 2
            case .after where lex(i + 1) == .pronoun && lex(i + 2) == .other && t[i + 2].value == spentMarker:
                i = clauseEnd(i)  // "worked, lol, after I'd spent two days on it myself": the user's time before the prompt
            case .after where lex(i + 1) == .other && t[i + 1].value == applyingMarker,
                 // (Pasting the answer in, not the logs: "after pasting the logs it found the bug" helped it.)
                 .after where lex(i + 1) == .stepIn && t[i + 1].value == applyingMarker
                    && ([.in_, .it, .clauseBreak, .sentenceEnd].contains(lex(i + 2))
                        || lex(i + 2) == .the && (lex(i + 3) == .answerNoun || lex(i + 3) == .other && t[i + 3].value == outputMarker)):
                // "Race condition gone after applying the suggested mutex.", "All 37 tests pass after applying
                // its patch as-is.", "All green on CI after pasting the output in unchanged.": the answer
                // used, no help to it
                i = clauseEnd(i)
            case .after where lex(i + 1) == .other && t[i + 1].value == gerundMarker:
                record(.partial, at: i); s.afterHelp = true; i += 2  // "worked after restarting the chat"
            case .after where lex(i + 1) == .pronoun || lex(i + 1) == .stepIn,
                 .once where lex(i + 1) == .pronoun || lex(i + 1) == .stepIn:
                record(.partial, at: i); s.afterHelp = true; i += 2  // "worked after I added the file", "after adding context"
            case .once where followUpBefore(t, i, start):
                record(.turns(2), at: i); i += 1  // "after clarifying the requirements once"
            case .after where lex(i + 1) == .the && lex(i + 2) == .ordinal && t[i + 2].value == 1
                && (lex(i + 3) == .answerNoun || lex(i + 3) == .turnNoun):
                // "bailed after the first answer": one turn; "All green on CI after the first prompt.":
                // the first did it
                if s.success != nil && s.miss == nil && s.turns == nil && !s.moreTurns {
                    record(.turns(1), at: i); s.oneCount = true
                } else {
                    s.afterOneTurn = true
                }
                i += 4
            case .verify where i >= start + 2 && t[i - 1].lex == .pronoun && t[i - 2].lex == .other && t[i - 2].value == beforeMarker:
                if s.doubt == nil { s.doubt = i }
                i += 1  // "the issue got fixed upstream before I tried": not tried
            case .verify where t[i].value == triedMarker && lex(i + 1) == .number && (2...10).contains(t[i + 1].value)
                && [.clauseBreak, .sentenceEnd].contains(lex(i + 2)):
                record(.turns(t[i + 1].value), at: i); i += 2  // "Wrong on every attempt (tried 3).": that many tries
            case .verify where lex(i + 1) == .once && !(lex(i + 2) == .vague && t[i + 2].value == moreMarker)
                || lex(i + 1) == .it && lex(i + 2) == .once:
                // "Tried once, wrong, didn't bother again.", "Tried it once": one try
                record(.turns(1), at: i); s.oneCount = true; i += lex(i + 1) == .it ? 3 : 2
            case .wanted where pendingNegation.map({ neg in i - neg <= 2 && (max(start, neg - 2)..<neg).contains { t[$0].lex == .pronoun } }) == true
                && ([.clauseBreak, .sentenceEnd].contains(lex(i + 1)) || lex(i + 1) == .it && lex(i + 2) == .to && i > start + 3):
                // "added a dependency I didn't want, ...", "renamed stuff I didn't ask it to touch": unwanted
                pendingNegation = nil; s.shortfall = true; i = lex(i + 1) == .it ? clauseEnd(i) : i + 1
            case .wanted where i - start >= 2 && t[i - 1].lex == .pronoun && [.other, .what].contains(t[i - 2].lex)
                && lex(i + 1) == .it && lex(i + 2) == .negation && lex(i + 3) == .to:
                // "exactly the deprecated API I asked it not to use": what it was told not to do, done
                record(.miss, at: i); i += 4
            case .wanted where lex(i + 1) == .to && lex(i + 2) == .need:
                // "Honestly expected to need a follow-up but didn't.": a need foreseen; `but didn't`
                // after it says it never came.
                let e = clauseEnd(i + 3)
                if e + 3 == end, t[e].lex == .clauseBreak, t[e].value == contrastMarker, lex(e + 1) == .other,
                   t[e + 1].value == didMarker, lex(e + 2) == .negation {
                    i = end
                } else {
                    i = e
                }
            case .wanted where lex(i + 1) == .once && lex(i + 2) == .vague && t[i + 2].value == moreMarker,
                 .verify where lex(i + 1) == .once && lex(i + 2) == .vague && t[i + 2].value == moreMarker:
                record(.turns(2), at: i); i += 3  // "asked once more and it fixed it", "tried once more"
            case .wanted where lex(i + 1) == .other && t[i + 1].value == againMarker,
                 .verify where lex(i + 1) == .other && t[i + 1].value == againMarker:
                record(.turns(2), at: i); i += 2  // "asked again and it was fine", "tried again"
            case .ordinal where t[i].value == 1 && (lex(i + 1) == .number && t[i + 1].value >= 2 || lex(i + 1) == .vague
                || lex(i + 1) == .number && t[i + 1].value == 1 && (s.turns ?? 0) >= 2  // "took 2 tries, 1st one didn't compile"
                || lex(i + 1) == .answerNoun && s.turns != nil && (i == start || t[i - 1].lex == .clauseBreak)):
                // ("x2 — first answer used the wrong crate version": the first of them failed)
                s.firstFew = true; i += 2  // "the first two didn't compile": the last one did
            case .problem:
                // "no issues", "without problems": success; "some issues" alone says nothing, but "same
                // error", "still the same bug" are a failure that persists.
                if let neg = pendingNegation, i - neg <= 4 { record(.miss, at: i) }  // a negated miss is a success
                else if (max(start, i - 3)..<i).contains(where: { t[$0].lex == .same || t[$0].lex == .still }) { record(.miss, at: i) }
                else { s.problem = true }
                i += 1
            case .need where i - start >= 2 && [.negation, .no].contains(t[i - 2].lex)
                && [.intervention, .editNoun, .partialWord, .retried].contains(t[i - 1].lex):
                pendingNegation = nil  // used up by the edits it denies
                record(.hit, at: i); i += 1  // "no follow-ups needed", "no edits needed"
            case .need where lex(i + 1) == .other && t[i + 1].value == reviewMarker && pendingNegation == nil:
                s.caveat = true; i += 2  // "Good first pass, needs review before merge": not done yet
            case .need where lex(i + 1) == .to && lex(i + 2) == .verify:
                if s.doubt == nil { s.doubt = i }  // "need to recheck": a check not yet made
                i += 3
            case .need where t[i].value == neededMarker && lex(i + 1) == .to && lex(i + 2) == .other
                && t[i + 2].value != gerundMarker && i == start:
                record(.partial, at: i); i += 2  // "Needed to swap the deprecated call."
            case .need:
                // "needed a nudge", "needs more work", "needed 3 turns", "needed to fix imports": the
                // answer needed more; "need to check it" (what the user will do) says nothing.
                if let c = turnPhrase(t, i + 1, end) { record(.turns(c.count), at: i); i = c.next; continue }
                // ("needed just one follow-up")
                if lex(i + 1) == .other, t[i + 1].value == justMarker, let c = turnPhrase(t, i + 2, end) {
                    record(.turns(c.count), at: i); i = c.next; continue
                }
                if lex(i + 1) == .other, t[i + 1].value == articleMarker, lex(i + 2) == .intervention,
                   pendingNegation.map({ i - $0 > 4 }) ?? true {
                    record(.turns(2), at: i); i += 3; continue  // "needed a follow-up": two turns
                }
                var k = i + 1
                var skipped = 0
                while skipped < 3, [.other, .vague, .modifier, .another, .to, .of, .single].contains(lex(k))
                        || lex(k) == .number && t[k].value >= 1,  // "Needed one fix: wrong env var name."
                      !(lex(k) == .other && t[k].value == gerundMarker) { k += 1; skipped += 1 }
                if [.editNoun, .intervention, .partialWord, .success, .input, .retried].contains(lex(k))
                    || lex(k) == .wrote && t[k].value == redoMarker && i >= start + 2  // "the retry logic needed a rewrite": a part
                    || lex(k) == .other && t[k].value == gerundMarker && k == i + 1
                        && (lex(k + 1) == .clauseBreak || lex(k + 1) == .sentenceEnd) {  // "needed polishing" (not "need staging access")
                    if let neg = pendingNegation, i - neg <= 4, lex(k) != .success {
                        // "didn't need any follow-ups": what it did not need is the hit.
                        pendingNegation = nil
                        record(.hit, at: i); i = k + 1; continue
                    }
                    record(.partial, at: i); i = k + 1; continue
                }
                i += 1
            case .with, .modifier:
                // "with tweaks", "minor changes", "with some edits"
                var k = i + 1
                if t[i].lex == .with && lex(k) == .other && t[k].value == articleMarker
                    && (lex(k + 1) == .problem || lex(k + 1) == .other && t[k + 1].value == warningMarker) {
                    s.caveat = true; i = k + 2; continue  // "Worked, with a warning I still need to look at."
                }
                if t[i].lex == .with && lex(k) == .the && lex(k + 1) == .editNoun && t[k + 1].value != fixMarker { k += 1 }  // "even with the fixes"
                if t[i].lex == .with && lex(k) == .the && lex(k + 1) == .other && t[k + 1].value == 0 && lex(k + 2) == .editNoun
                    && t[k + 2].value != fixMarker { k += 2 }  // "with the usual cleanup"
                if lex(k) == .vague || lex(k) == .modifier { k += 1 }
                // ("It worked with one change: swapped `let` for `var`.")
                else if t[i].lex == .with, lex(k) == .number, t[k].value >= 1, lex(k + 1) == .editNoun || lex(k + 1) == .modifier { k += 1 }
                if lex(k) == .modifier { k += 1 }
                if lex(k) == .other && lex(k + 1) == .input { k += 1 }
                if t[i].lex == .with && k > i + 1 && lex(k) == .other && lex(k + 1) == .editNoun { k += 1 }  // "with some hand edits"
                if [.editNoun, .partialWord, .intervention].contains(lex(k)) {
                    record(.partial, at: i); i = k + 1; continue
                }
                if lex(k) == .input || t[i].lex == .with && k > i + 1 && lex(k) == .success && t[k].value == helpNounMarker {
                    // "worked with a hint": partial beside success; "ask again with more context" is no verdict.
                    s.helped = true; i = k + 1; continue
                }
                i += 1
            case .out where lex(i + 1) == .of && lex(i + 2) == .the && lex(i + 3) == .box:
                record(.hit, at: i); i += 4
            case .straight where lex(i + 1) == .away, .right where lex(i + 1) == .away:
                record(.hit, at: i); i += 2
            case .right where i >= start + 3 && t[i - 1].lex == .the && [.at, .to].contains(t[i - 2].lex)
                && t[max(start, i - 4)..<(i - 2)].contains(where: { $0.lex == .stepIn }):
                i += 1  // "it pointed me at the right docs": where to look, not a right answer
            case .right where lex(i + 1) == .other && t[i + 1].value == nowMarker
                && !(i > start && (t[i - 1].lex == .it || t[i - 1].lex == .other && t[i - 1].value == copulaMarker)):
                i += 2  // "Their API returns 503 for everything right now.": the time, not a right answer ("it's right now" is)
            case .right:
                record(.success, at: i); i += 1  // "got it right", "not right"
            case .spot where lex(i + 1) == .on:
                record(.hitQuality, at: i); i += 2
            case .what where lex(i + 1) == .pronoun && (lex(i + 2) == .wanted || lex(i + 2) == .need)
                && !(i > start && t[i - 1].lex == .missWord):  // (not "misunderstood what I wanted")
                // ("It didn't do what I wanted.": the failure, said by the denied verb, is the verdict.)
                if pendingNegation != nil || !(max(start, i - 4)..<i).contains(where: { t[$0].lex == .negation }) {
                    record(.success, at: i)
                }
                i += 3
            case .asIs where lex(i + 1) == .wanted && i > start && s.miss == nil:  // (not "useless for this, as expected")
                record(.success, at: i); i += 2  // "as expected"
            case .the where lex(i + 1) == .intervention && t[i + 1].value == retryNounMarker && i > start
                && t[i - 1].lex == .on && [.clauseBreak, .sentenceEnd].contains(lex(i + 2)):
                record(.turns(2), at: i); i += 2  // "Right answer on the retry.": the prompt after the first
            case .other where t[i].value == takeMarker && lex(i + 1) == .number && t[i + 1].value >= 1
                && (i == start || [.on, .clauseBreak].contains(t[i - 1].lex)):
                record(.turns(t[i + 1].value), at: i); i += 2  // "Fixed on take two.", "Take 3 worked.": a turn
            case .on where i == start + 1 && s.success == start && lex(i + 1) == .other && t[i + 1].value == myMarker
                && lex(i + 2) == .other && (i + 3..<t.count).allSatisfy({ [.other, .clauseBreak, .sentenceEnd].contains(t[$0].lex) }):
                // "Works on my machine™", "Works on my machine ¯\_(ツ)_/¯" and nothing more: the old joke,
                // that it works nowhere else; whether it does is open.
                if s.doubt == nil { s.doubt = i }
                i += 3
            case .on where lex(i + 1) == .intervention && t[i + 1].value == retryNounMarker
                && [.clauseBreak, .sentenceEnd].contains(lex(i + 2)):
                record(.turns(2), at: i); i += 2  // "Fixed on retry."
            case .the where lex(i + 1) == .intervention && t[i + 1].value == 0:
                record(.turns(2), at: i); i += 2  // "the follow-up made it worse": one, after the first prompt
            case .the where lex(i + 1) == .ordinal && (lex(i + 2) == .sentenceEnd || lex(i + 2) == .clauseBreak)
                && i > start && ([.on, .at, .in_, .right].contains(t[i - 1].lex)
                    || t[i - 1].lex == .success && t[i - 1].value != fixedMarker):  // not "fixed the third"
                // "worked on the second", "right the second": the noun is left out (but in "picked the
                // second" the second is no turn)
                record(.turns(t[i + 1].value), at: i); i += 2
            case .ordinal where t[i].value >= 2 && lex(i + 1) == .answerNoun:
                record(.turns(t[i].value), at: i); i += 2  // "the second answer was right", "second version worked"
            case .ordinal where lex(i + 1) == .number && t[i + 1].value == 1:
                record(.turns(t[i].value), at: i); i += 2  // "the second one nailed it"
            case .ordinal where t[i].value >= 2 && (i == start || t[i - 1].lex == .clauseBreak)
                && ([.success, .right, .hitQuality].contains(lex(i + 1)) || lex(i + 1) == .other && [.success, .right, .hitQuality].contains(lex(i + 2))):
                // "first try failed, second worked", "first attempt was wrong, second was right"
                record(.turns(t[i].value), at: i); i += 1
            case .pass:
                if let c = turnPhrase(t, i, end) { record(.turns(c.count), at: i); i = c.next; continue }
                record(.success, at: i); i += 1  // "tests pass"
            case .twice where ranInClause(), .thrice where ranInClause():
                i += 1  // "ran it twice to be sure", "ran the suite twice": runs, not prompts
            case .twice where repeatNotNeeded(), .thrice where repeatNotNeeded():
                pendingNegation = nil; i += 1
            case .twice, .thrice:
                // "had to nudge it twice", "pasted the error twice": follow-ups, after the first prompt.
                // "tried twice more": two after the first.
                let n = l == .twice ? 2 : 3
                let more = lex(i + 1) == .vague && t[i + 1].value == moreMarker
                // ("Zweimal nachgefragt": the follow-up after the count, as German puts it.)
                // ("Twice had to remind it about the Result type.": the same, with `had to`.)
                let followUpAfter = lex(i + 1) == .intervention || lex(i + 1) == .retried
                    || lex(i + 1) == .had && lex(i + 2) == .to && [.stepIn, .intervention, .tell].contains(lex(i + 3))
                record(.turns(followUpBefore(t, i, start) || more || followUpAfter ? n + 1 : n), at: i)
                i += more || followUpAfter ? 2 : 1
            case .number where t[i].value == 0 && turnPhrase(t, i, end) == nil && lex(i + 1) != .editNoun:
                record(.negation, at: i); negationScope = 4; i += 1  // "zero useful output", "0 errors"
            case .other where t[i].value == wellMarker && i > start && [.rest, .other].contains(t[i - 1].lex)
                && t[i - 1].lex != .clauseBreak:
                record(.success, at: i); i += 1  // "did the frontend part well"
            case .pronoun where lex(i + 1) == .wanted && lex(i + 2) == .other && t[i + 2].value == scopeMarker && pendingNegation == nil
                && (s.success != nil || s.hit != nil)
                && (start..<i).contains(where: { t[$0].lex == .clauseBreak && t[$0].value == contrastMarker }):
                // "Got the algorithm right but it's O(n^2) and I asked for O(n log n).": not what was asked
                s.shortfall = true; i += 3
            case .pronoun where lex(i + 1) == .wanted && pendingNegation != nil:
                pendingNegation = nil; record(.miss, at: i); i += 2  // "changed nothing I asked for"
            case .pronoun where lex(i + 1) == .other && isEdVerb(t[i + 1].value)
                && ((i + 2..<clauseEnd(i)).contains(where: { k in
                        t[k].lex == .other && t[k].value == tasteMarker && t[k - 1].lex == .other && t[k - 1].value == scopeMarker })
                    || i > start + 1 && [.clauseBreak, .sentenceEnd].contains(lex(i + 2))
                        && (t[i - 1].lex == .asIs || t[i - 1].lex == .other && t[i - 1].value == 0 && t[i - 2].lex == .clauseBreak)):
                // "though I renamed a couple of variables for taste": the user's liking; "it was a
                // timezone bug, like I suspected": what the user thought; no fix either way
                i = clauseEnd(i)
            case .pronoun where lex(i + 1) == .other && (isEdVerb(t[i + 1].value) || t[i + 1].value == removedMarker)
                && (s.miss != nil || s.success != nil)
                && !(i > start && t[i - 1].lex == .other && t[i - 1].value == timeUnitMarker):
                // (Not "which beats the two hours I'd budgeted": the user's plan, no fix.)
                s.tookOver = true; s.helped = true; i += 2  // "hallucinated a key, which I removed": the user fixed it
            case .pronoun where lex(i + 1) == .success && t[i + 1].value == fixedMarker
                && !(i + 2..<min(end, i + 7)).contains(where: { t[$0].lex == .turnNoun || t[$0].lex == .clauseBreak }):
                // (Not "I fixed a typo in my prompt": the prompt, not the answer.)
                // ("Didn't work, I fixed it.": after the answer failed, the fix of all of it is the user's alone;
                // "Wrong import, I fixed it." fixed the part that failed.)
                if s.miss != nil, !s.missSaid, lex(i + 2) == .it, !praisedBefore() {
                    s.tookOver = true; i += 3; continue
                }
                s.tookOver = true; record(.success, at: i + 1); i += 2  // "it wrote the tests, I fixed the assertions"
            case .pronoun where lex(i + 1) == .wrote && (max(start, i - 4)..<i).contains(where: { t[$0].lex == .other && t[$0].value == thanMarker }):
                i += 2  // "it's faster than the version I wrote last year": a comparison, not the user's work
            case .pronoun where lex(i + 1) == .wrote || lex(i + 1) == .rest:
                s.tookOver = true; i += 1  // "but I rewrote the tests", "I finished the CSS": the user's own work
            case .number where i > start && t[i - 1].lex == .in_ && t[i].value >= 1 && t[i].value <= 5
                && !(i > start + 1 && t[i - 2].lex == .myself)
                && (lex(i + 1) == .clauseBreak || lex(i + 1) == .sentenceEnd):
                record(.turns(t[i].value), at: i); i += 1  // "did it in 1", "got there in 3"
            case .number where wholeCount() != nil:
                // "got 3 of the 5 endpoints right", "fixed 2 of 3 tests", "two out of three": a part of it.
                let k = wholeCount()!
                if t[i].value < t[k].value { s.restricted = true }
                i = k + 1
            case .number where (max(start, i - 2)..<i).contains(where: { k in (t[k].lex == .failsDenied
                || t[k].lex == .verify && t[k].value == runMarker) && !(k + 1..<i).contains { t[$0].lex == .clauseBreak } }):
                // "Ran it 3 times to compare outputs": runs, not prompts. ("which crate to use (one extra
                // prompt)": a count of its own.)
                i = turnPhrase(t, i, end)?.next ?? i + 1
            case .number where t[i].value == 1 && lex(i + 1) == .vague && t[i + 1].value == moreMarker && s.turns != nil
                && turnPhrase(t, i, end) == nil:
                // "two follow-ups to fix types and one more for the tests": one more after those.
                s.turns! += 1; i += 2
            case .turnNoun where t[i].value == chanceMarker && lex(i + 1) == .to && pendingNegation.map({ i - $0 <= 4 }) == true:
                // "Didn't get a chance to run it before the meeting.", "haven't had a chance to test":
                // not tried, so the outcome is open
                pendingNegation = nil; if s.doubt == nil { s.doubt = i }
                i = clauseEnd(i + 2)
            case .number where ranBefore(t, i, start) && lex(i + 1) == .turnNoun:
                i += 2  // "ran the stress test 500 times": runs of the code, not prompts
            case .number, .ordinal, .vague, .single, .another:
                if let c = turnPhrase(t, i, end) {
                    // ("more than I can say for my last three attempts by hand": the user's own tries.)
                    if lex(c.next) == .myself { i = c.next + 1; continue }
                    record(.turns(c.count), at: i); i = c.next; continue
                }
                i += 1
            case .eventually where lex(i + 1) == .other && (lex(i + 2) == .other && t[i + 2].value == clickMarker
                || lex(i + 2) == .it && lex(i + 3) == .other && t[i + 3].value == clickMarker):
                // "the explanation finally made it click", "finally made sense": understanding it
                // gave, praise, not a delay
                record(.success, at: i); i = clauseEnd(i)
            case .eventually where lex(i + 1) == .other && t[i + 1].value == articleMarker || lex(i + 1) == .the,
                 .eventually where (i + 1..<min(end, i + 3)).contains(where: { [.hitWord, .hitQuality, .symbolHit].contains(t[$0].lex)
                || t[$0].lex == .number && t[$0].value == 1 && $0 + 1 < end && t[$0 + 1].lex == .turnNoun }):
                // "FINALLY a one-shot", "finally a model that knows Combine", "WORKS. finally the CSV
                // export handles commas": relief, not time
                i += 1
            case .eventually where i >= 2 && t[i - 2].lex == .pronoun && t[i - 1].lex == .other,
                 .eventually where i >= start + 2 && t[i - 1].lex == .other && t[i - 1].value == copulaMarker && t[i - 2].lex == .other,
                 .eventually where i >= start + 2 && (t[i - 1].lex == .other && t[i - 1].value == 0 || t[i - 1].lex == .remark)
                    && (t[i - 2].lex == .the || i >= start + 3 && t[i - 2].lex == .other && t[i - 3].lex == .the),
                 .eventually where (0..<i).contains(where: { k in
                     (t[k].lex == .hitWord || (t[k].lex == .ordinal && t[k].value == 1 || t[k].lex == .single) && k + 1 < t.count && t[k + 1].lex == .turnNoun)
                         && (k == 0 || t[k - 1].lex != .negation) }):
                // "It worked!! I can finally go to bed.", "WORKED FIRST TRY!!! finally", "The eslint
                // config is finally sane.": the user's relief; the first try or the hit word says the
                // turns (not "it's finally right", time passed)
                i += 1
            case .eventually:
                s.eventually = true; i += 1
            case .caveat where t[i].value == percentMarker && i > start
                && (t[i - 1].lex == .to || t[i - 1].lex == .up
                    || t[i - 1].lex == .other && [fromMarker, directionMarker, offMarker].contains(t[i - 1].value) || afterBy(t, i, start)
                    || t[i - 1].lex == .missWord && t[i - 1].value == droppedMarker && i - 1 > start
                        && (t[i - 2].lex == .turnNoun || t[i - 2].lex == .other && t[i - 2].value == quantityMarker))
                || lex(i + 1) == .other && [directionMarker, offMarker, quantityMarker].contains(t[i + 1].value):
                // "coverage went from 41% to 78%", "Bundle size down 31%", "cut by 30%", "shaved 40%
                // off", "Memory usage dropped 40%", "96% coverage": a measure, not a share of success
                i += 1
            case .caveat where t[i].value == percentMarker && lex(i + 1) == .caveat && t[i + 1].value == percentMarker,
                 .caveat where t[i].value == percentMarker && lex(i + 1) == .clauseBreak && t[i + 1].value == 0
                    && lex(i + 2) == .caveat && t[i + 2].value == percentMarker:
                // "Coverage 71% -> 84%.", "61% → 84%": a measure moved, not a share of success
                i += lex(i + 1) == .caveat ? 2 : 3
            case .caveat where t[i].value == percentMarker && lex(i + 1) == .other
                && (t[i + 1].value == comparativeMarker || t[i + 1].value == slowerMarker):
                i += t[i + 1].value == slowerMarker ? 1 : 2  // "40% smaller", "30% faster": a measure, not a share of success
            case .caveat where t[i].value == percentMarker && lex(i + 1) == .there:
                record(.partial, at: i); i += 2  // "about 90% there"
            case .caveat where t[i].value == percentMarker && lex(i + 1) == .of && lex(i + 2) == .it:
                record(.partial, at: i); i += 3  // "ended up using ~70% of it": a share of the answer
            case .caveat where t[i].value == mehMarker && i != start && !(t[i - 1].lex == .clauseBreak && i + 1 == end):
                // ("it works, meh": a closing shrug at the sentence's end qualifies like an opening one)
                i += 1  // "the variable names are a bit meh": about a thing
            case .caveat:
                s.caveat = true; i += 1
            case .except where lex(i + 1) == .negation && t[i + 1].value == quantifierMarker:
                // "Perfect, except nothing it said was true.": the exception is everything.
                s.sarcasm = true; record(.miss, at: i); i += 2
            case .except:
                s.restricted = true; i += 1
            case .only where (i + 1..<min(end, i + 4)).contains(where: { t[$0].lex == .wanted }):
                i += 1  // "plan showed only the 3 expected changes": nothing but what was wanted
            case .only:
                // "but only for the happy path", "only on small inputs", "for the simple case only";
                // "only took one prompt" restricts nothing.
                if [.on, .in_, .with, .clauseBreak, .sentenceEnd].contains(lex(i + 1))
                    || lex(i + 1) == .the && (![.ordinal, .number, .single].contains(lex(i + 2))  // not "only the first prompt"
                        || ![.turnNoun, .answerNoun, .intervention, .pass, .go].contains(lex(i + 3)))  // "Only the first function was right."
                    || lex(i + 1) == .other && [scopeMarker, unlessMarker].contains(t[i + 1].value) {
                    s.restricted = true
                }
                i += 1
            case .verify:
                // "haven't tried it", "not tested", "hasn't been deployed": the outcome is not known yet;
                // `run` only after have ("haven't run it"; "didn't even run" is a failure).
                if let neg = pendingNegation, i - neg <= 2 {
                    pendingNegation = nil
                    // ("Didn't run it: the feature got cut.": no subject, the user's; "It didn't run": a failure.)
                    // ("Blocked by VPN issues, couldn't run anything.": the user was kept from running it.)
                    if t[i].value != runMarker || neg > start && t[neg - 1].lex == .had || t[neg].value != contractedMarker
                        || neg == start + 1 && t[start].lex == .other && t[start].value == didMarker && lex(i + 1) == .it
                        || t[start].lex == .other && t[start].value == blockedMarker {
                        if s.doubt == nil { s.doubt = i }
                    } else if t[i..<end].contains(where: { $0.lex == .yet }) {
                        if s.doubt == nil { s.doubt = i }  // "didn't run it yet"
                    } else {
                        record(.miss, at: i)  // "the tests it wrote don't even run"
                    }
                }
                i += 1
            case .sarcasm where t[i].value == countMarker:
                // "if you don't count the segfault": the negation is the sarcasm's, not the failure's.
                if let neg = pendingNegation, i - neg == 1, (max(start, neg - 4)..<neg).contains(where: { t[$0].lex == .hedge }) {
                    pendingNegation = nil; s.sarcasm = true
                }
                i += 1
            case .sarcasm:
                s.sarcasm = true; i += 1
            default:
                i += 1
            }
        }
        // Success because of the answer's own failure or rewrite ("Passed all tests, because it
        // rewrote the tests", "tests pass because it deleted them", "pass, but only because they
        // assert nothing"): a failure.
        if s.success != nil || s.hit != nil, let b = (start..<end).first(where: { t[$0].lex == .because }),
           b > (s.success ?? s.hit!), b + 1 < end,
           t[b + 1].lex == .it && (b..<end).contains(where: { [.missWord, .wrote, .shortfall].contains(t[$0].lex) })
            || [.it, .other].contains(t[b + 1].lex) && t[end - 1].lex == .negation && t[end - 1].value == quantifierMarker {
            s.success = nil; s.hit = nil; s.firstTry = false
            if s.miss == nil { s.miss = b }
            s.missSaid = true
        }
    }

    /// Whether the clause of the failure or denial at `i` opens by naming a part, then `was`, `is`,
    /// or a verb ("the backend was nonsense", "the tests it wrote were garbage", "the printer
    /// doesn't"): the failure is of that part. Not "it was wrong" nor "the answer was wrong".
    /// "but that's on me" at `k`: the fault is the user's own.
    /// Whether `by` comes just before `i`, or one word before it (`by 3x`, `by about 30%`): a measure.
    static func afterBy(_ t: [Token], _ i: Int, _ start: Int) -> Bool {
        i > start && t[i - 1].lex == .other && t[i - 1].value == byMarker
            || i > start + 1 && t[i - 1].lex == .other && t[i - 2].lex == .other && t[i - 2].value == byMarker
    }

    /// Whether the problem at `i` is what a copula names as the cause (`X was the problem`, `X was
    /// the whole problem`).
    static func namedAsCause(_ t: [Token], _ i: Int, _ start: Int) -> Bool {
        var k = i - 1
        if k > start, t[k].lex == .whole { k -= 1 }
        return k > start && t[k].lex == .the && t[k - 1].lex == .other && t[k - 1].value == copulaMarker
    }

    /// Whether `myself` at `k` owns a fault of the user's (`but that's on me`, `typo mine`), no
    /// work of theirs on the answer.
    static func ownFault(_ t: [Token], _ k: Int) -> Bool {
        k >= 2 && t[k].lex == .myself && t[k - 1].lex == .other && t[k - 2].lex == .clauseBreak && t[k - 2].value == contrastMarker
            // "worked first time (typo mine, not the model's)"
            || k >= 1 && t[k].lex == .myself && t[k - 1].lex == .other && t[k - 1].value == typoMarker
    }

    static func namedPartBefore(_ t: [Token], _ i: Int, _ start: Int) -> Bool {
        var k = i - 1
        while k > start, t[k].lex != .clauseBreak, t[k].lex != .sentenceEnd { k -= 1 }
        guard k > start || k == start && t[k].lex == .clauseBreak else { return false }  // a clause after another
        let first = k + 1
        // A bare name, then the verb it denies: "the migration works, rollback doesn't".
        if first == i - 2, t[first].lex == .other, t[first].value == 0, t[i - 1].lex == .failsDenied { return true }
        guard first < i - 1, t[first].lex == .the || t[first].lex == .other || t[first].lex == .rest,
              t[first].lex != .other || t[first].value != copulaMarker && t[first].value != alsoMarker,
              let verb = (first..<i).last(where: { t[$0].lex == .other }), verb > first
        else { return false }
        // (A check is no part: "worked, but the CI didn't" is a failure. Nor is what was explained:
        // "the explanation of why the old code deadlocked was correct too".)
        return !t[first..<i].contains { $0.lex == .answerNoun || $0.lex == .pronoun || $0.lex == .verify || $0.lex == .why }
            && t[(first + 1)...verb].contains { $0.lex == .other || $0.lex == .it || $0.lex == .wrote }
    }

    /// Where the clause holding `i` starts: after the break before it, or at `start`.
    static func clauseStart(_ t: [Token], _ i: Int, _ start: Int) -> Int {
        var k = i
        while k > start, t[k - 1].lex != .clauseBreak, t[k - 1].lex != .sentenceEnd { k -= 1 }
        return k
    }

    /// Whether the clause holding `i` opens with `only the` or `just the` (`just the timezone math was
    /// wrong`): what it says is of that part alone.
    static func onlyPartBefore(_ t: [Token], _ i: Int, _ start: Int) -> Bool {
        let k = clauseStart(t, i, start)
        return k + 2 < i && (t[k].lex == .only || t[k].lex == .other && t[k].value == justMarker) && t[k + 1].lex == .the
            && ![.ordinal, .number, .single].contains(t[k + 2].lex)
    }

    /// Whether the clause holding `i` opens with a numbered part (`part 2`, `Part 1`).
    static func numberedPart(_ t: [Token], _ i: Int, _ start: Int) -> Bool {
        let k = clauseStart(t, i, start)
        return k + 1 < i && t[k].lex == .rest && (t[k + 1].lex == .number || t[k + 1].lex == .ordinal)
    }

    /// Whether the success word at `i` only describes something or is the aim of a failure: after
    /// `how` or `why` ("wrong about how Rust lifetimes work"), or after `to` following a failure
    /// ("deleted my tests to make them pass"), within its clause.
    static func describedOnly(_ t: [Token], _ i: Int, _ start: Int) -> Bool {
        var k = i - 1
        while k >= start && i - k <= 3 {
            switch t[k].lex {
            case .clauseBreak, .sentenceEnd: return false
            case .why: return true
            case .other where t[k].value == thanMarker: return true  // "it broke more than it fixed"
            case .to:
                var j = k - 1
                while j >= start && k - j <= 4 && t[j].lex != .clauseBreak {
                    // "rewrote the tests to pass", "Refused to help", what was wanted or tried ("wanted
                    // this to work", "tried to solve it")
                    if t[j].lex == .missWord || t[j].lex == .wrote || t[j].lex == .wanted
                        || t[j].lex == .verify && t[j].value == triedMarker { return true }
                    j -= 1
                }
                return false
            default: k -= 1
            }
        }
        return false
    }

    /// Whether a remark (`idea`, `approach`, `explanation`) stands up to three words before `i` in its
    /// clause: what the praise at `i` is about ("the approach was right").
    static func remarkBefore(_ t: [Token], _ i: Int, _ start: Int) -> Bool {
        var k = i - 1
        while k >= start && i - k <= 3 {
            if t[k].lex == .remark { return true }
            if t[k].lex == .clauseBreak { return false }
            k -= 1
        }
        return false
    }

    /// Where `a single fix` or `one follow-up` ends after `not`, when an edit or a follow-up is
    /// named and only `needed`, a break or a hit symbol follows it.
    static func noneOf(_ t: [Token], _ i: Int, _ end: Int) -> Int? {
        func lex(_ k: Int) -> Lex { k < end ? t[k].lex : .sentenceEnd }
        let k = lex(i) == .other && t[i].value == articleMarker ? i + 1 : i
        guard lex(k) == .single || lex(k) == .number && t[k].value == 1,
              lex(k + 1) == .editNoun || lex(k + 1) == .intervention,
              [.need, .clauseBreak, .sentenceEnd, .symbolHit].contains(lex(k + 2)) else { return nil }
        return k + 2
    }

    /// Where the words after `after` end when they name help the answer needed (`edits`, `some
    /// cleanup`, `giving it more context`): up to three other words, then the help.
    static func afterHelp(_ t: [Token], _ i: Int, _ end: Int) -> Int? {
        // ("Killed the session after it started editing unrelated files.": what the answer did.)
        if i + 1 < end, t[i].lex == .it, t[i + 1].lex == .other, isEdVerb(t[i + 1].value) { return nil }
        // ("after applying its patch as-is": the answer used, not help to it.)
        if i < end, t[i].lex == .other, t[i].value == applyingMarker { return nil }
        var k = i
        while k < end && k - i < 4 {
            // "after two clarifying questions", "after a lot of explaining what a monorepo is"
            if [.editNoun, .intervention, .input, .remark].contains(t[k].lex) || t[k].lex == .stepIn && k > i && t[k - 1].lex == .of { return k + 1 }
            // (A number may follow a word: "depois de um ajuste", after an adjustment.)
            // (`of` after a word: "after ten minutes of cleanup"; "a couple of follow-ups" is a count.)
            // (Not "after zero follow-ups": none.)
            // ("after a round of edits": one round, of what the user asked for.)
            guard [.other, .the, .vague, .modifier, .it, .give, .stepIn, .number].contains(t[k].lex) && !(t[k].lex == .number && t[k].value == 0)
                || t[k].lex == .of && k > i && (t[k - 1].lex == .other || t[k - 1].lex == .turnNoun)
                || t[k].lex == .turnNoun && k > i && t[k - 1].lex == .other && t[k - 1].value == articleMarker && k + 1 < end
                    && t[k + 1].lex == .of else { return nil }
            k += 1
        }
        return nil
    }

    /// A stated number of turns starting at `i`: `3 turns`, `third try`, `a couple of rounds`,
    /// `two more tries`, `single prompt`, `one-shot`. `count` is nil when no number is given.
    /// Follow-ups, retries, nudges and rephrasings come after the first prompt, so `one follow-up`
    /// is two turns.
    static func turnPhrase(_ t: [Token], _ i: Int, _ end: Int) -> (count: Int?, next: Int)? {
        func lex(_ k: Int) -> Lex { k < end ? t[k].lex : .sentenceEnd }
        var k = i
        var count: Int? = nil
        switch lex(k) {
        case .number, .ordinal: count = t[k].value; k += 1
        case .single: count = 1; k += 1
        case .vague: k += 1
        case .another: count = 2; k += 1  // "another try": one after the first
        case .pass, .turnNoun, .intervention: return nil
        default: return nil
        }
        if count == 0 { return nil }
        if count != nil, lex(k) == .or, lex(k + 1) == .number { count = nil; k += 2 }  // "3 or 4 tries": a range
        if lex(k) == .of { k += 1 }
        var more = false
        if lex(k) == .vague || lex(k) == .modifier { more = t[k].lex == .vague && t[k].value == moreMarker; k += 1 }  // "two more tries", "a few more rounds"
        if count != nil, lex(k) == .other || lex(k) == .labelFailed, lex(k + 1) == .turnNoun { k += 1 }  // "three different phrasings", "2 failed attempts"
        guard lex(k) == .turnNoun || lex(k) == .pass || lex(k) == .go || lex(k) == .intervention else { return nil }
        // Follow-ups come after the first prompt: `one follow-up` is two turns, and so is `one more try`.
        // ("dos mensajes más": Spanish puts `more` after the noun; not "more or less".)
        if lex(k) == .turnNoun, lex(k + 1) == .vague, t[k + 1].value == moreMarker, lex(k + 2) != .or { more = true; k += 1 }
        if let c = count, lex(k) == .intervention || more && t[i].lex != .another { count = c + 1 }
        // "3 rounds of feedback", "two rounds of corrections": follow-ups, after the first prompt.
        // ("5 rounds of back and forth" are the exchanges themselves: 5.)
        if let c = count, lex(k) == .turnNoun, lex(k + 1) == .of, lex(k + 2) == .intervention {
            return (t[k + 2].value == exchangeMarker ? c : c + 1, k + 3)
        }
        if t[i].lex == .another && lex(k) == .intervention { count = nil }  // "another follow-up": after how many?
        // "first prompt" in "the first prompt was too vague" still reads as a turn count: fine, the
        // verdict comes from the words around it.
        return (count, k + 1)
    }
}
