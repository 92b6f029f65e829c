% The checker's side of the conversation with SWI-Prolog.
%
% crib_main/0 loads the file named by the environment variable
% CRIB_PROLOG_FILE into the module user, says what it found, then answers
% questions until its input ends. Everything it says is one line on the
% real standard output, opened by "@crib ":
%
%   @crib message error|warning      a message from loading the file, whose
%   @crib text Line                  text follows, one line each;
%   @crib ready Version HV SH        loaded: the version flag, and whether
%                                    hand_value/3 and select_hand/3 exist;
%   @crib Id Status<TAB>Value...     the answer to question Id.
%
% A question is one term a line, q(Id, Goal, Values): Goal is called once
% in user, and Values is the list of the terms to report. Status is true
% (with every value), nonground (with the values as they are, variables
% named), exception (with the exception term) or false (with nothing).
% Values are written quoted and without operators, so that the checker can
% read them back; quoted writing escapes tabs, so a tab separates values.
% An exception is written for people, with its operators.
%
% The file's own output cannot get in the way: user_output and the current
% output are a null stream while the file is loaded and run, and its input
% is an empty string, so that only this module writes to the real standard
% output and reads the real standard input.

:- module(crib_driver, [crib_main/0]).

:- multifile user:message_hook/3.

%   Errors and warnings while the file loads are reported; once it has
%   loaded, messages are dropped (standard error goes nowhere anyway).
user:message_hook(_Term, Kind, Lines) :-
    nb_current(crib_loading, true),
    memberchk(Kind, [error, warning]),
    catch(crib_driver:load_message(Kind, Lines), _, true).

load_message(Kind, Lines) :-
    with_output_to(string(Text), print_message_lines(current_output, '', Lines)),
    split_string(Text, "\n", "", Parts0),
    exclude(==(""), Parts0, Parts),
    format(crib_out, "@crib message ~w~n", [Kind]),
    (   Parts = [First|Rest]
    ->  where(First, Where),
        format(crib_out, "@crib text ~w~w~n", [Where, First]),
        forall(member(Part, Rest), format(crib_out, "@crib text ~w~n", [Part]))
    ;   true
    ).

%   The place being loaded, unless the message names it already.
where(First, Where) :-
    (   source_location(File, Line),
        \+ sub_string(First, _, _, _, File)
    ->  format(string(Where), "~w:~w: ", [File, Line])
    ;   Where = ""
    ).

crib_main :-
    stream_property(Out, alias(user_output)),
    set_stream(Out, alias(crib_out)),
    stream_property(In, alias(user_input)),
    set_stream(In, alias(crib_in)),
    open_null_stream(Null),
    set_stream(Null, alias(user_output)),
    set_output(Null),
    open_string("", Empty),
    set_stream(Empty, alias(user_input)),
    set_input(Empty),
    getenv('CRIB_PROLOG_FILE', File),
    nb_setval(crib_loading, true),
    catch(load_files(user:File, []), Error, print_message(error, Error)),
    nb_setval(crib_loading, false),
    defined(hand_value, HandValue),
    defined(select_hand, SelectHand),
    current_prolog_flag(version, Version),
    format(crib_out, "@crib ready ~w ~w ~w~n", [Version, HandValue, SelectHand]),
    flush_output(crib_out),
    serve.

defined(Name, Defined) :-
    functor(Head, Name, 3),
    (   predicate_property(user:Head, defined) -> Defined = true ; Defined = false ).

%   A failure-driven loop: each question's bindings are undone before the
%   next, so that millions of questions run in constant memory.
serve :-
    repeat,
    read_term(crib_in, Question, []),
    (   Question == end_of_file
    ->  !
    ;   answer(Question),
        fail
    ).

answer(q(Id, Goal, Values)) :-
    (   catch(user:Goal, Error, true)
    ->  (   nonvar(Error) -> reply(Id, exception, [Error])
        ;   ground(Values) -> reply(Id, true, Values)
        ;   reply(Id, nonground, Values)
        )
    ;   reply(Id, false, [])
    ).

reply(Id, Status, Values) :-
    (   Status == exception
    ->  Options = [quoted(true), numbervars(true), max_depth(20)]
    ;   Options = [quoted(true), ignore_ops(true), numbervars(true)]
    ),
    format(crib_out, "@crib ~w ~w", [Id, Status]),
    forall(member(Value, Values),
           ( put_char(crib_out, '\t'), write_value(Value, Options) )),
    nl(crib_out),
    flush_output(crib_out).

write_value(Value, Options) :-
    \+ \+ ( numbervars(Value, 0, _, [singletons(true)]),
            write_term(crib_out, Value, Options)
          ).
