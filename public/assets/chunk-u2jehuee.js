import{t,_}from"./main-mvxgh4j4.js";function N(s){let[r,n]=t({});return _(()=>n({}),[s]),{shown:(o,e)=>r[o]??e,choose:(o,e)=>n((c)=>({...c,[o]:e}))}}
export{N};
