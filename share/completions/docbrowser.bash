#!/bin/bash

__docbrowser_cursor_index_in_current_word() {
    local remaining="${COMP_LINE}"

    local word
    for word in "${COMP_WORDS[@]::COMP_CWORD}"; do
        remaining="${remaining##*([[:space:]])"${word}"*([[:space:]])}"
    done

    local -ir index="$((COMP_POINT - ${#COMP_LINE} + ${#remaining}))"
    if [[ "${index}" -le 0 ]]; then
        printf 0
    else
        printf %s "${index}"
    fi
}

# positional arguments:
#
# - 1: the current (sub)command's count of positional arguments
#
# required variables:
#
# - repeating_flags: the repeating flags that the current (sub)command can accept
# - non_repeating_flags: the non-repeating flags that the current (sub)command can accept
# - repeating_options: the repeating options that the current (sub)command can accept
# - non_repeating_options: the non-repeating options that the current (sub)command can accept
# - positional_number: value ignored
# - unparsed_words: unparsed words from the current command line
#
# modified variables:
#
# - non_repeating_flags: remove flags for this (sub)command that are already on the command line
# - non_repeating_options: remove options for this (sub)command that are already on the command line
# - positional_number: set to the current positional number
# - unparsed_words: remove all flags, options, and option values for this (sub)command
__docbrowser_offer_flags_options() {
    local -ir positional_count="${1}"
    positional_number=0

    local was_flag_option_terminator_seen=false
    local is_parsing_option_value=false

    local -ar unparsed_word_indices=("${!unparsed_words[@]}")
    local -i word_index
    for word_index in "${unparsed_word_indices[@]}"; do
        if "${is_parsing_option_value}"; then
            # This word is an option value:
            # Reset marker for next word iff not currently the last word
            [[ "${word_index}" -ne "${unparsed_word_indices[${#unparsed_word_indices[@]} - 1]}" ]] && is_parsing_option_value=false
            unset "unparsed_words[${word_index}]"
            # Do not process this word as a flag or an option
            continue
        fi

        local word="${unparsed_words["${word_index}"]}"
        if ! "${was_flag_option_terminator_seen}"; then
            case "${word}" in
            --)
                unset "unparsed_words[${word_index}]"
                # by itself -- is a flag/option terminator, but if it is the last word, it is the start of a completion
                if [[ "${word_index}" -ne "${unparsed_word_indices[${#unparsed_word_indices[@]} - 1]}" ]]; then
                    was_flag_option_terminator_seen=true
                fi
                continue
                ;;
            -*)
                # ${word} is a flag or an option
                # If ${word} is an option, mark that the next word to be parsed is an option value
                local option
                for option in "${repeating_options[@]}" "${non_repeating_options[@]}"; do
                    [[ "${word}" = "${option}" ]] && is_parsing_option_value=true && break
                done

                # Remove ${word} from ${non_repeating_flags} or ${non_repeating_options} so it isn't offered again
                local not_found=true
                local -i index
                for index in "${!non_repeating_flags[@]}"; do
                    if [[ "${non_repeating_flags[${index}]}" = "${word}" ]]; then
                        unset "non_repeating_flags[${index}]"
                        non_repeating_flags=("${non_repeating_flags[@]}")
                        not_found=false
                        break
                    fi
                done
                if "${not_found}"; then
                    for index in "${!non_repeating_flags[@]}"; do
                        if [[ "${non_repeating_flags[${index}]}" = "${word}" ]]; then
                            unset "non_repeating_flags[${index}]"
                            non_repeating_flags=("${non_repeating_flags[@]}")
                            break
                        fi
                    done
                fi
                unset "unparsed_words[${word_index}]"
                continue
                ;;
            esac
        fi

        # ${word} is neither a flag, nor an option, nor an option value
        if [[ "${positional_number}" -lt "${positional_count}" || "${positional_count}" -lt 0 ]]; then
            # ${word} is a positional
            ((positional_number++))
            unset "unparsed_words[${word_index}]"
        else
            if [[ -z "${word}" ]]; then
                # Could be completing a flag, option, or subcommand
                positional_number=-1
            else
                # ${word} is a subcommand or invalid, so stop processing this (sub)command
                positional_number=-2
            fi
            break
        fi
    done

    unparsed_words=("${unparsed_words[@]}")

    if\
        ! "${was_flag_option_terminator_seen}"\
        && ! "${is_parsing_option_value}"\
        && [[ ("${cur}" = -* && "${positional_number}" -ge 0) || "${positional_number}" -eq -1 ]]
    then
        COMPREPLY+=($(compgen -W "${repeating_flags[*]} ${non_repeating_flags[*]} ${repeating_options[*]} ${non_repeating_options[*]}" -- "${cur}"))
    fi
}

__docbrowser_add_completions() {
    local completion
    while IFS='' read -r completion; do
        COMPREPLY+=("${completion}")
    done < <(IFS=$'\n' compgen "${@}" -- "${cur}")
}

__docbrowser_custom_complete() {
    if [[ -n "${cur}" || -z ${COMP_WORDS[${COMP_CWORD}]} || "${COMP_LINE:${COMP_POINT}:1}" != ' ' ]]; then
        local -ar words=("${COMP_WORDS[@]}")
    else
        local -ar words=("${COMP_WORDS[@]::${COMP_CWORD}}" '' "${COMP_WORDS[@]:${COMP_CWORD}}")
    fi

    "${COMP_WORDS[0]}" "${@}" "${words[@]}"
}

_docbrowser() {
    local state
    state="$(shopt -p;shopt -po)"
    trap "${state//$'\n'/;}" RETURN
    shopt -s extglob
    set +o history +o posix

    local -xr SAP_SHELL=bash
    local -x SAP_SHELL_VERSION
    SAP_SHELL_VERSION="$(IFS='.';printf %s "${BASH_VERSINFO[*]}")"
    local -r SAP_SHELL_VERSION

    local -r cur="${2}"
    local -r prev="${3}"

    local -i positional_number
    local -a unparsed_words=("${COMP_WORDS[@]:1:${COMP_CWORD}}")

    local -a repeating_flags=()
    local -a non_repeating_flags=(--json -q --quiet -v --verbose --version -h --help)
    local -a repeating_options=()
    local -a non_repeating_options=(--home)
    __docbrowser_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--home')
        return
        ;;
    esac

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    list|search|info|preview|thumbnail|new|rename|tag|move|copy|duplicate|delete|trash|storage|versions|resolve|watch|serve|open|open-in|inbox|handlers|export|import|config|types|help)
        # Offer subcommand argument completions
        "_docbrowser_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'list search info preview thumbnail new rename tag move copy duplicate delete trash storage versions resolve watch serve open open-in inbox handlers export import config types help' -- "${cur}"))
        ;;
    esac
}

_docbrowser_list() {
    repeating_flags=()
    non_repeating_flags=(--json -q --quiet -v --verbose --local --cloud --reverse --long --recursive --versions --recent --version -h --help)
    repeating_options=()
    non_repeating_options=(--home --type --name --tag --sort)
    __docbrowser_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--home')
        return
        ;;
    '--type')
        return
        ;;
    '--name')
        return
        ;;
    '--tag')
        return
        ;;
    '--sort')
        __docbrowser_add_completions -W 'name'$'\n''date'$'\n''size'$'\n''kind'
        return
        ;;
    esac
}

_docbrowser_search() {
    repeating_flags=()
    non_repeating_flags=(--json -q --quiet -v --verbose --local --cloud --rebuild --live --version -h --help)
    repeating_options=()
    non_repeating_options=(--home --limit)
    __docbrowser_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--home')
        return
        ;;
    '--limit')
        return
        ;;
    esac
}

_docbrowser_info() {
    repeating_flags=()
    non_repeating_flags=(--json -q --quiet -v --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--home)
    __docbrowser_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--home')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __docbrowser_add_completions -W "$(__docbrowser_custom_complete ---completion info -- positional@0 "${COMP_CWORD}" "$(__docbrowser_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_docbrowser_preview() {
    repeating_flags=()
    non_repeating_flags=(--json -q --quiet -v --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--home --lines --image)
    __docbrowser_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--home')
        return
        ;;
    '--lines')
        return
        ;;
    '--image')
        __docbrowser_add_completions -W 'kitty'$'\n''iterm'$'\n''sixel'$'\n''symbols'$'\n''none'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    *)
        __docbrowser_add_completions -W "$(__docbrowser_custom_complete ---completion preview -- positional@0 "${COMP_CWORD}" "$(__docbrowser_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_docbrowser_thumbnail() {
    repeating_flags=()
    non_repeating_flags=(--json -q --quiet -v --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--home --size)
    __docbrowser_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--home')
        return
        ;;
    '--size')
        __docbrowser_add_completions -W 'normal'$'\n''large'$'\n''x-large'$'\n''xx-large'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    *)
        __docbrowser_add_completions -W "$(__docbrowser_custom_complete ---completion thumbnail -- positional@0 "${COMP_CWORD}" "$(__docbrowser_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_docbrowser_new() {
    repeating_flags=()
    non_repeating_flags=(--json -q --quiet -v --verbose --local --cloud --folder --version -h --help)
    repeating_options=()
    non_repeating_options=(--home --type)
    __docbrowser_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--home')
        return
        ;;
    '--type')
        return
        ;;
    esac
}

_docbrowser_rename() {
    repeating_flags=()
    non_repeating_flags=(--json -q --quiet -v --verbose --force --version -h --help)
    repeating_options=()
    non_repeating_options=(--home --wait)
    __docbrowser_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--home')
        return
        ;;
    '--wait')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __docbrowser_add_completions -W "$(__docbrowser_custom_complete ---completion rename -- positional@0 "${COMP_CWORD}" "$(__docbrowser_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_docbrowser_tag() {
    repeating_flags=()
    non_repeating_flags=(--json -q --quiet -v --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--home)
    __docbrowser_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--home')
        return
        ;;
    esac
}

_docbrowser_move() {
    repeating_flags=()
    non_repeating_flags=(--json -q --quiet -v --verbose --dry-run --force --version -h --help)
    repeating_options=()
    non_repeating_options=(--home --to --on-conflict --wait)
    __docbrowser_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--home')
        return
        ;;
    '--to')
        __docbrowser_add_completions -W 'local'$'\n''cloud'
        return
        ;;
    '--on-conflict')
        __docbrowser_add_completions -W 'fail'$'\n''rename'$'\n''replace'
        return
        ;;
    '--wait')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    *)
        __docbrowser_add_completions -W "$(__docbrowser_custom_complete ---completion move -- positional@0 "${COMP_CWORD}" "$(__docbrowser_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_docbrowser_copy() {
    repeating_flags=()
    non_repeating_flags=(--json -q --quiet -v --verbose --force --version -h --help)
    repeating_options=()
    non_repeating_options=(--home --to --on-conflict --wait)
    __docbrowser_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--home')
        return
        ;;
    '--to')
        __docbrowser_add_completions -d
        return
        ;;
    '--on-conflict')
        __docbrowser_add_completions -W 'fail'$'\n''rename'$'\n''replace'
        return
        ;;
    '--wait')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    *)
        __docbrowser_add_completions -W "$(__docbrowser_custom_complete ---completion copy -- positional@0 "${COMP_CWORD}" "$(__docbrowser_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_docbrowser_duplicate() {
    repeating_flags=()
    non_repeating_flags=(--json -q --quiet -v --verbose --force --version -h --help)
    repeating_options=()
    non_repeating_options=(--home)
    __docbrowser_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--home')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    *)
        __docbrowser_add_completions -W "$(__docbrowser_custom_complete ---completion duplicate -- positional@0 "${COMP_CWORD}" "$(__docbrowser_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_docbrowser_delete() {
    repeating_flags=()
    non_repeating_flags=(--json -q --quiet -v --verbose --permanent --dry-run --force --version -h --help)
    repeating_options=()
    non_repeating_options=(--home --wait)
    __docbrowser_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--home')
        return
        ;;
    '--wait')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    *)
        __docbrowser_add_completions -W "$(__docbrowser_custom_complete ---completion delete -- positional@0 "${COMP_CWORD}" "$(__docbrowser_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_docbrowser_trash() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __docbrowser_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    list|restore|empty)
        # Offer subcommand argument completions
        "_docbrowser_trash_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'list restore empty' -- "${cur}"))
        ;;
    esac
}

_docbrowser_trash_list() {
    repeating_flags=()
    non_repeating_flags=(--json -q --quiet -v --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--home)
    __docbrowser_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--home')
        return
        ;;
    esac
}

_docbrowser_trash_restore() {
    repeating_flags=()
    non_repeating_flags=(--json -q --quiet -v --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--home --to --on-conflict)
    __docbrowser_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--home')
        return
        ;;
    '--to')
        __docbrowser_add_completions -d
        return
        ;;
    '--on-conflict')
        __docbrowser_add_completions -W 'fail'$'\n''rename'$'\n''replace'
        return
        ;;
    esac
}

_docbrowser_trash_empty() {
    repeating_flags=()
    non_repeating_flags=(--json -q --quiet -v --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--home --older-than)
    __docbrowser_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--home')
        return
        ;;
    '--older-than')
        return
        ;;
    esac
}

_docbrowser_storage() {
    repeating_flags=()
    non_repeating_flags=(--json -q --quiet -v --verbose --dry-run --force --keep-a-local-copy --version -h --help)
    repeating_options=()
    non_repeating_options=(--home --on-conflict --wait)
    __docbrowser_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--home')
        return
        ;;
    '--on-conflict')
        __docbrowser_add_completions -W 'fail'$'\n''rename'$'\n''replace'
        return
        ;;
    '--wait')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __docbrowser_add_completions -W 'local'$'\n''cloud'
        return
        ;;
    esac
}

_docbrowser_versions() {
    repeating_flags=()
    non_repeating_flags=(--json -q --quiet -v --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--home)
    __docbrowser_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--home')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __docbrowser_add_completions -W "$(__docbrowser_custom_complete ---completion versions -- positional@0 "${COMP_CWORD}" "$(__docbrowser_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_docbrowser_resolve() {
    repeating_flags=()
    non_repeating_flags=(--json -q --quiet -v --verbose --dry-run --force --version -h --help)
    repeating_options=()
    non_repeating_options=(--home --keep)
    __docbrowser_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--home')
        return
        ;;
    '--keep')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __docbrowser_add_completions -W "$(__docbrowser_custom_complete ---completion resolve -- positional@0 "${COMP_CWORD}" "$(__docbrowser_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_docbrowser_watch() {
    repeating_flags=()
    non_repeating_flags=(--json -q --quiet -v --verbose --local --cloud --version -h --help)
    repeating_options=()
    non_repeating_options=(--home --query)
    __docbrowser_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--home')
        return
        ;;
    '--query')
        return
        ;;
    esac
}

_docbrowser_serve() {
    repeating_flags=()
    non_repeating_flags=(--json -q --quiet -v --verbose --open --insecure --version -h --help)
    repeating_options=()
    non_repeating_options=(--home --listen --password-file)
    __docbrowser_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--home')
        return
        ;;
    '--listen')
        return
        ;;
    '--password-file')
        return
        ;;
    esac
}

_docbrowser_open() {
    repeating_flags=()
    non_repeating_flags=(--json -q --quiet -v --verbose --wait --version -h --help)
    repeating_options=()
    non_repeating_options=(--home --with)
    __docbrowser_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--home')
        return
        ;;
    '--with')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __docbrowser_add_completions -W "$(__docbrowser_custom_complete ---completion open -- positional@0 "${COMP_CWORD}" "$(__docbrowser_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_docbrowser_open-in() {
    repeating_flags=()
    non_repeating_flags=(--json -q --quiet -v --verbose --wait --force --version -h --help)
    repeating_options=()
    non_repeating_options=(--home --to --wait-complete)
    __docbrowser_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--home')
        return
        ;;
    '--to')
        return
        ;;
    '--wait-complete')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __docbrowser_add_completions -W "$(__docbrowser_custom_complete ---completion open-in -- positional@0 "${COMP_CWORD}" "$(__docbrowser_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_docbrowser_inbox() {
    repeating_flags=()
    non_repeating_flags=(--json -q --quiet -v --verbose --accept --clear --version -h --help)
    repeating_options=()
    non_repeating_options=(--home --app)
    __docbrowser_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--home')
        return
        ;;
    '--app')
        return
        ;;
    esac
}

_docbrowser_handlers() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __docbrowser_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    show|register|unregister|default)
        # Offer subcommand argument completions
        "_docbrowser_handlers_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'show register unregister default' -- "${cur}"))
        ;;
    esac
}

_docbrowser_handlers_show() {
    repeating_flags=()
    non_repeating_flags=(--json -q --quiet -v --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--home)
    __docbrowser_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--home')
        return
        ;;
    esac
}

_docbrowser_handlers_register() {
    repeating_flags=()
    non_repeating_flags=(--json -q --quiet -v --verbose --strict --version -h --help)
    repeating_options=()
    non_repeating_options=(--home --id)
    __docbrowser_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--home')
        return
        ;;
    '--id')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __docbrowser_add_completions -f
        return
        ;;
    esac
}

_docbrowser_handlers_unregister() {
    repeating_flags=()
    non_repeating_flags=(--json -q --quiet -v --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--home)
    __docbrowser_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--home')
        return
        ;;
    esac
}

_docbrowser_handlers_default() {
    repeating_flags=()
    non_repeating_flags=(--json -q --quiet -v --verbose --clear --version -h --help)
    repeating_options=()
    non_repeating_options=(--home)
    __docbrowser_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--home')
        return
        ;;
    esac
}

_docbrowser_export() {
    repeating_flags=()
    non_repeating_flags=(--json -q --quiet -v --verbose --reproducible --force --all --local --cloud --version -h --help)
    repeating_options=()
    non_repeating_options=(--home --output -o --format --level --wait)
    __docbrowser_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--home')
        return
        ;;
    '--output'|'-o')
        return
        ;;
    '--format')
        return
        ;;
    '--level')
        return
        ;;
    '--wait')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    *)
        __docbrowser_add_completions -W "$(__docbrowser_custom_complete ---completion export -- positional@0 "${COMP_CWORD}" "$(__docbrowser_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_docbrowser_import() {
    repeating_flags=()
    non_repeating_flags=(--json -q --quiet -v --verbose --force --version -h --help)
    repeating_options=()
    non_repeating_options=(--home --to --on-conflict --max-entries --max-bytes --max-ratio --charset)
    __docbrowser_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--home')
        return
        ;;
    '--to')
        __docbrowser_add_completions -W 'local'$'\n''cloud'
        return
        ;;
    '--on-conflict')
        __docbrowser_add_completions -W 'fail'$'\n''rename'$'\n''replace'
        return
        ;;
    '--max-entries')
        return
        ;;
    '--max-bytes')
        return
        ;;
    '--max-ratio')
        return
        ;;
    '--charset')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    *)
        __docbrowser_add_completions -f
        return
        ;;
    esac
}

_docbrowser_config() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __docbrowser_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    get|set|unset|list)
        # Offer subcommand argument completions
        "_docbrowser_config_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'get set unset list' -- "${cur}"))
        ;;
    esac
}

_docbrowser_config_get() {
    repeating_flags=()
    non_repeating_flags=(--json -q --quiet -v --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--home)
    __docbrowser_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--home')
        return
        ;;
    esac
}

_docbrowser_config_set() {
    repeating_flags=()
    non_repeating_flags=(--json -q --quiet -v --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--home)
    __docbrowser_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--home')
        return
        ;;
    esac
}

_docbrowser_config_unset() {
    repeating_flags=()
    non_repeating_flags=(--json -q --quiet -v --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--home)
    __docbrowser_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--home')
        return
        ;;
    esac
}

_docbrowser_config_list() {
    repeating_flags=()
    non_repeating_flags=(--json -q --quiet -v --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--home)
    __docbrowser_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--home')
        return
        ;;
    esac
}

_docbrowser_types() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __docbrowser_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    show|lookup|conforms|rebuild)
        # Offer subcommand argument completions
        "_docbrowser_types_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'show lookup conforms rebuild' -- "${cur}"))
        ;;
    esac
}

_docbrowser_types_show() {
    repeating_flags=()
    non_repeating_flags=(--json -q --quiet -v --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--home)
    __docbrowser_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--home')
        return
        ;;
    esac
}

_docbrowser_types_lookup() {
    repeating_flags=()
    non_repeating_flags=(--json -q --quiet -v --verbose -0 --null --version -h --help)
    repeating_options=()
    non_repeating_options=(--home --ext --mime --conforming-to --files-from)
    __docbrowser_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--home')
        return
        ;;
    '--ext')
        return
        ;;
    '--mime')
        return
        ;;
    '--conforming-to')
        return
        ;;
    '--files-from')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    *)
        __docbrowser_add_completions -f
        return
        ;;
    esac
}

_docbrowser_types_conforms() {
    repeating_flags=()
    non_repeating_flags=(--json -q --quiet -v --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--home)
    __docbrowser_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--home')
        return
        ;;
    esac
}

_docbrowser_types_rebuild() {
    repeating_flags=()
    non_repeating_flags=(--json -q --quiet -v --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--home)
    __docbrowser_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--home')
        return
        ;;
    esac
}

_docbrowser_help() {
    repeating_flags=()
    non_repeating_flags=(--version)
    repeating_options=()
    non_repeating_options=()
    __docbrowser_offer_flags_options -1
}

complete -o filenames -F _docbrowser docbrowser
